import { apiLookup } from './api-lookup.js';
import { checkJava } from './check-java.js';
import { planGeneration } from './plan-generation.js';
import { apiDiff } from './api-diff.js';
import { versionInfo } from './version-info.js';
import type { ToolDef } from './tool.js';

/** Every tool of `agentscope mcp`, one module each. */
export const TOOLS: ToolDef[] = [apiLookup, checkJava, planGeneration, apiDiff, versionInfo];
