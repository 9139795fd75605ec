import type { FeatureModule } from '../feature-module.js';

/** MiddlewareBase with the 2.0.0 onModelCall signature: timing + redacted logging. */
export const middlewareFeature: FeatureModule = {
  files: (ctx) => [
    { template: 'feature/middleware/Middleware.java.ejs', className: ctx.className, scope: 'main' },
    { template: 'feature/middleware/MiddlewareTest.java.ejs', className: `${ctx.className}Test`, scope: 'test' },
  ],
  toolkitLines: () => [],
  builderLines: (cls) => [`.middleware(new ${cls}())`],
  tools: () => [],
  wiring: (cls, lang) => (lang === 'zh' ? `在 ReActAgent.builder() 上加入：.middleware(new ${cls}())` : `add it to the agent: ReActAgent.builder()...middleware(new ${cls}())`),
};
