import type { FeatureModule } from '../feature-module.js';

/** Permission policy: mode + explicit allow/ask/deny rules; unattended runs deny instead of relying on DONT_ASK. */
export const permissionFeature: FeatureModule = {
  files: (ctx) => [
    { template: 'feature/permission/Permission.java.ejs', className: ctx.className, scope: 'main', data: { policy: ctx.policy } },
    { template: 'feature/permission/PermissionTest.java.ejs', className: `${ctx.className}Test`, scope: 'test' },
  ],
  toolkitLines: () => [],
  builderLines: (cls) => [`.permissionContext(${cls}.interactive())`],
  tools: () => [],
  wiring: (cls, lang) =>
    lang === 'zh'
      ? `把工具名填入 ${cls}.ALLOW/ASK/DENY，并在 ReActAgent.builder() 上加入 .permissionContext(${cls}.interactive())（无人值守用 unattended()）`
      : `fill ${cls}.ALLOW/ASK/DENY with your tool names and add .permissionContext(${cls}.interactive()) to the agent builder (unattended() for runs nobody watches)`,
};
