/** The `prompts` package's text prompt class (prompt-keys.ts patches its keys and redraw). */
declare module 'prompts/lib/elements/text.js' {
  const TextPrompt: { prototype: object };
  export default TextPrompt;
}
