import { toolNameFor } from '../_core/java.js';
import type { FeatureModule } from '../feature-module.js';

/** A ToolBase subclass with its own JSON schema and a 2.0.0 checkPermissions self-check. */
export const toolbaseFeature: FeatureModule = {
  files: (ctx) => [
    { template: 'feature/toolbase/ToolBase.java.ejs', className: ctx.className, scope: 'main', data: { toolName: toolNameFor(ctx.className) } },
    { template: 'feature/toolbase/ToolBaseTest.java.ejs', className: `${ctx.className}Test`, scope: 'test' },
  ],
  toolkitLines: (cls) => [`toolkit.registerAgentTool(new ${cls}());`],
  builderLines: () => [],
  // Its checkPermissions answers ALLOW or DENY itself, which ends the engine's evaluation.
  tools: (cls) => [{ name: toolNameFor(cls), permission: 'self' }],
  sampleCall: (cls) => ({ tool: toolNameFor(cls), input: 'Map.of("title", "todo", "body", "buy milk")', expect: 'saved: todo' }),
  wiring: (cls, lang) => (lang === 'zh' ? `在构建 Toolkit 处加入：toolkit.registerAgentTool(new ${cls}());` : `register it where the Toolkit is built: toolkit.registerAgentTool(new ${cls}());`),
};
