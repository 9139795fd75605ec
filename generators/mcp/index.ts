import type { FeatureModule } from '../feature-module.js';

/** MCP clients (stdio / streamable HTTP / SSE) registered on the Toolkit and closed on shutdown. */
export const mcpFeature: FeatureModule = {
  files: (ctx) => [
    { template: 'feature/mcp/Mcp.java.ejs', className: ctx.className, scope: 'main' },
    { template: 'feature/mcp/McpTest.java.ejs', className: `${ctx.className}Test`, scope: 'test' },
    ...(ctx.mcpTransports.includes('stdio') ? [{ template: 'feature/mcp/FakeMcpServer.java.ejs', className: 'FakeMcpServer', scope: 'test' as const }] : []),
  ],
  toolkitLines: () => [],
  builderLines: () => [],
  // The default TRUSTED_TOOLS of the template; remote tools are not in the toolkit at build time.
  tools: () => [{ name: 'echo', permission: 'allow', exposed: false }],
  wiring: (cls, lang) =>
    lang === 'zh'
      ? `启动时 try (${cls} mcp = ${cls}.fromEnvironment(toolkit)) { ... } 并把 ${cls}.TRUSTED_TOOLS 加入权限 allow 规则`
      : `at startup: try (${cls} mcp = ${cls}.fromEnvironment(toolkit)) { ... }, and give ${cls}.TRUSTED_TOOLS allow rules in your permission policy`,
};
