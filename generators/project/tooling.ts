/**
 * Versions of the build tooling in generated poms (not AgentScope: that comes from the pin).
 * Kept in one place so tests/maven and the templates agree.
 */
export const TOOLING_VERSIONS = {
  junit: '5.11.4',
  slf4j: '2.0.17',
  compilerPlugin: '3.13.0',
  surefirePlugin: '3.5.2',
  execPlugin: '3.5.0',
} as const;
