import type { FeatureModule } from '../feature-module.js';

/** Tool groups: an active and an inactive group, plus the meta tool that lets the model switch them. */
export const toolgroupsFeature: FeatureModule = {
  files: (ctx) => [
    { template: 'feature/toolgroups/ToolGroups.java.ejs', className: ctx.className, scope: 'main' },
    { template: 'feature/toolgroups/ToolGroupsTest.java.ejs', className: `${ctx.className}Test`, scope: 'test' },
  ],
  toolkitLines: (cls) => [`${cls}.register(toolkit);`],
  // 2.0.0 sessions start with no active group; the meta tool lets the model equip one.
  builderLines: () => ['.enableMetaTool(true)'],
  tools: () => [
    { name: 'reset_equipped_tools', permission: 'self' },
    { name: 'km_to_miles', permission: 'allow', exposed: false },
    // Hidden (inactive group) and, where a policy exists, denied outright.
    { name: 'clear_cache', permission: 'deny', exposed: false },
  ],
  wiring: (cls, lang) => (lang === 'zh' ? `在构建 Toolkit 处调用 ${cls}.register(toolkit);，并在 agent builder 上加入 .enableMetaTool(true)` : `call ${cls}.register(toolkit); where the Toolkit is built and add .enableMetaTool(true) to the agent builder`),
};
