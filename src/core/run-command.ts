/**
 * How a user runs this tool's `agentscope` command, as every text the tool shows writes it. The
 * command comes with the npm package create-agentscope-app; the npm package named `agentscope` is
 * another project, so a bare `npx agentscope` would download and run that instead.
 */

/** The npm package that carries the `agentscope` command. */
export const PACKAGE_NAME = 'create-agentscope-app';

/** `agentscope` without a global install: `${NPX_AGENTSCOPE} check`. */
export const NPX_AGENTSCOPE = `npx -y -p ${PACKAGE_NAME} agentscope`;

/** After this, the command is plain `agentscope`. */
export const GLOBAL_INSTALL = `npm i -g ${PACKAGE_NAME}`;
