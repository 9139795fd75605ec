import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { extractInventory } from '../../src/inventory/extract/index.js';
import { normalizeValue } from '../../src/inventory/extract/annotation-args.js';
import { serializeInventory } from '../../src/inventory/store.js';

const SOURCE = `package com.example.tools;

import io.agentscope.core.tool.Tool;
import io.agentscope.core.tool.ToolParam;

@SuppressWarnings({"unchecked", "rawtypes"})
@Deprecated(since = "2.0", forRemoval = true)
public class Weather {
    @Override
    @Tool(name = "get_weather", // the tool's name
          description = "Weather of a city, "
              + "in \u00b0C  (two  spaces kept)")
    public String get(@ToolParam(name = "city", description = "City name") String city, @Deprecated int days) {
        return city;
    }

    @Tool()
    public void none() {}
}
`;

async function extract() {
  const jar = { artifactId: 'fx-args', bytes: zipSync({ 'com/example/tools/Weather.java': strToU8(SOURCE) }) };
  return (await extractInventory([jar], { groupId: 'com.example', version: '9.9.9' })).inventory;
}

describe('annotation arguments in the inventory', () => {
  it('records the arguments of the annotations on types, members and parameters, as written', async () => {
    const inv = await extract();
    const t = inv.types.find((x) => x.fqn === 'com.example.tools.Weather')!;
    expect(t.annotations).toEqual(['SuppressWarnings', 'Deprecated']);
    expect(t.annotationArgs).toEqual([
      { name: 'SuppressWarnings', args: { value: '{"unchecked", "rawtypes"}' } },
      { name: 'Deprecated', args: { since: '"2.0"', forRemoval: 'true' } },
    ]);
    const get = t.members.find((m) => m.name === 'get')!;
    expect(get.annotations).toEqual(['Override', 'Tool']);
    // comments dropped, line breaks and indentation collapsed, the literals untouched
    expect(get.annotationArgs).toEqual([{ name: 'Tool', args: { name: '"get_weather"', description: '"Weather of a city, " + "in \u00b0C  (two  spaces kept)"' } }]);
    expect(get.params![0].annotationArgs).toEqual([{ name: 'ToolParam', args: { name: '"city"', description: '"City name"' } }]);
    // marker annotations and empty argument lists: names only
    expect(get.params![1].annotations).toEqual(['Deprecated']);
    expect(get.params![1].annotationArgs).toBeUndefined();
    expect(t.members.find((m) => m.name === 'none')!.annotationArgs).toBeUndefined();
    // the deprecation read from the same annotation is unchanged
    expect(t.deprecated).toEqual({ forRemoval: true, since: '2.0' });
  });

  it('stays ASCII in the serialized inventory (non-ASCII written as \\u escapes)', async () => {
    const text = serializeInventory(await extract());
    expect(/[^\x00-\x7f]/.test(text)).toBe(false);
    expect(text).toContain('in \\u00b0C');
  });

  it('normalizes value text: comments out, white space outside literals collapsed', () => {
    expect(normalizeValue('  "a  b" /* x */ +\n\t"c" // d\n')).toBe('"a  b" + "c"');
    expect(normalizeValue("'\\''")).toBe("'\\''");
    expect(normalizeValue('"""\n  two  lines\n  """')).toBe('"""\n  two  lines\n  """');
    expect(normalizeValue('"// not a comment"')).toBe('"// not a comment"');
  });
});
