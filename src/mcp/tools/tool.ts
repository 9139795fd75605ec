import type { ZodRawShape } from 'zod';
import type { McpContext } from '../context.js';

/** What a tool returns: a readable text for the model and the same facts as structured content. */
interface ToolAnswer {
  text: string;
  data: Record<string, unknown>;
}

/** One MCP tool: its schema and description (what the model reads) and its handler. */
export interface ToolDef<In extends ZodRawShape = ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: In;
  output: ZodRawShape;
  readOnly: boolean;
  run(ctx: McpContext, args: { [K in keyof In]: unknown } & Record<string, unknown>): Promise<ToolAnswer>;
}
