import type { FeatureModule } from '../feature-module.js';

/** Human in the loop: ASKING tool calls -> ConfirmResult list in message metadata -> resume. */
export const hitlFeature: FeatureModule = {
  files: (ctx) => [
    { template: 'feature/hitl/Hitl.java.ejs', className: ctx.className, scope: 'main' },
    { template: 'feature/hitl/HitlTest.java.ejs', className: `${ctx.className}Test`, scope: 'test' },
  ],
  toolkitLines: (cls) => [`toolkit.registerAgentTool(new ${cls}.PublishTool());`],
  builderLines: () => [],
  tools: () => [{ name: 'publish_note', permission: 'ask' }],
  wiring: (cls, lang) =>
    lang === 'zh'
      ? `注册 toolkit.registerAgentTool(new ${cls}.PublishTool())，调用后用 ${cls}.resolve(agent, reply, ctx, 决策函数) 处理待确认调用`
      : `register toolkit.registerAgentTool(new ${cls}.PublishTool()) and pass each reply through ${cls}.resolve(agent, reply, ctx, decider)`,
};
