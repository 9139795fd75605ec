import type { FeatureModule } from '../feature-module.js';

/** Structured output into a Java record. */
export const structuredFeature: FeatureModule = {
  files: (ctx) => [
    { template: 'feature/structured/Structured.java.ejs', className: ctx.className, scope: 'main' },
    { template: 'feature/structured/StructuredTest.java.ejs', className: `${ctx.className}Test`, scope: 'test' },
  ],
  toolkitLines: () => [],
  builderLines: () => [],
  tools: () => [],
  wiring: (cls, lang) => (lang === 'zh' ? `调用 ${cls}.ask(agent, prompt, ctx) 得到 record` : `call ${cls}.ask(agent, prompt, ctx) to get the record`),
};
