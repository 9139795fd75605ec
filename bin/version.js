'use strict';
/**
 * `agentscope --version` without loading the CLI (not even one ES module): the tool's version from
 * package.json and the pinned AgentScope version from inventory/pin.json. The same line as
 * versionLine() in src/cli/version.ts, which `runCli(['--version'])` prints; tests/cli/cli-bundle.test.ts
 * holds the two to each other.
 */
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

function versionLine(root = join(__dirname, '..')) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const pin = JSON.parse(readFileSync(join(root, 'inventory', 'pin.json'), 'utf8'));
  return `agentscope ${pkg.version} (AgentScope Java ${pin.version} pinned${pin.target && pin.target !== pin.version ? `, target ${pin.target}` : ''})`;
}

module.exports = { versionLine };
