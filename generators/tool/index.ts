import { toolNameFor } from '../_core/java.js';
import type { FeatureModule } from '../feature-module.js';

/** An annotated @Tool class with explicit result states. */
export const toolFeature: FeatureModule = {
  files: (ctx) => [
    { template: 'feature/tool/Tool.java.ejs', className: ctx.className, scope: 'main', data: { toolName: toolNameFor(ctx.className) } },
    { template: 'feature/tool/ToolTest.java.ejs', className: `${ctx.className}Test`, scope: 'test' },
  ],
  toolkitLines: (cls) => [`toolkit.registerTool(new ${cls}());`],
  builderLines: () => [],
  tools: (cls) => [{ name: toolNameFor(cls), permission: 'allow' }],
  sampleCall: (cls) => ({ tool: toolNameFor(cls), input: 'Map.of("name", "Ada")', expect: 'Hello, Ada!' }),
  wiring: (cls, lang) => (lang === 'zh' ? `在构建 Toolkit 处加入：toolkit.registerTool(new ${cls}());` : `register it where the Toolkit is built: toolkit.registerTool(new ${cls}());`),
};
