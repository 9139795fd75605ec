/** Offline extractor tests on small jars built from tests/fixtures/inventory/. */
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseOwner, extractInventory, type ExtractResult } from '../../src/inventory/extract/index.js';
import { parseJavadoc } from '../../src/inventory/extract/javadoc.js';
import { serializeInventory } from '../../src/inventory/store.js';
import type { Member, TypeDecl } from '../../src/inventory/schema.js';
import { allFixtureJars } from './fixtures.js';

let r: ExtractResult;
const type = (fqn: string): TypeDecl => {
  const t = r.inventory.types.find((x) => x.fqn === fqn);
  if (!t) throw new Error(`type ${fqn} not in inventory: ${r.inventory.types.map((x) => x.fqn).join(', ')}`);
  return t;
};
const members = (fqn: string, name: string): Member[] => type(fqn).members.filter((m) => m.name === name);
const one = (fqn: string, name: string): Member => {
  const list = members(fqn, name);
  expect(list, `${fqn}#${name}`).toHaveLength(1);
  return list[0];
};

beforeAll(async () => {
  r = await extractInventory(allFixtureJars(), { groupId: 'com.example', version: '9.9.9' });
});

describe('extractor on fixture jars', () => {
  it('lists artifacts with sha1, file counts, owned types and the rejected file', () => {
    const arts = r.inventory.artifacts;
    expect(arts.map((a) => a.artifactId)).toEqual(['agentscope', 'fx-core', 'fx-model', 'fx-provider']);
    const core = arts.find((a) => a.artifactId === 'fx-core')!;
    expect(core.sha1).toMatch(/^[0-9a-f]{40}$/);
    expect(core.javaFiles).toBe(9);
    expect(core.rejectedFiles).toEqual(['com/example/core/Broken.java']);
    expect(r.rejected).toBe(1);
    // never half a type: nothing from the broken file
    expect(r.inventory.types.some((t) => t.name === 'Broken')).toBe(false);
    expect(arts.find((a) => a.artifactId === 'agentscope')!.types).toBe(0);
  });

  it('keeps public/protected types only, including nested ones, sorted by fqn', () => {
    const fqns = r.inventory.types.map((t) => t.fqn);
    expect(fqns).toEqual([...fqns].sort());
    expect(fqns).toContain('com.example.core.Registry.Entry');
    expect(fqns).toContain('com.example.core.Registry.Handle');
    expect(fqns).toContain('com.example.core.Shape.Visitor');
    expect(fqns).not.toContain('com.example.core.Registry.Hidden');
    expect(fqns).not.toContain('com.example.core.Registry.Hidden.Inner');
    expect(fqns).not.toContain('com.example.core.PackagePrivateHelper');
    const handle = type('com.example.core.Registry.Handle');
    expect(handle.binaryName).toBe('com.example.core.Registry$Handle');
    expect(handle.outer).toBe('com.example.core.Registry');
    expect(handle.modifiers).toEqual(['protected']);
    // interface member types are implicitly public static
    expect(type('com.example.core.Shape.Visitor').modifiers).toEqual(['public', 'static']);
  });

  it('records kind, modifiers, generics with bounds, supertypes, permits, doc, path and line', () => {
    const shape = type('com.example.core.Shape');
    expect(shape.kind).toBe('interface');
    expect(shape.modifiers).toEqual(['public', 'sealed']);
    expect(shape.permits).toEqual([
      { written: 'Circle', resolved: 'com.example.core.Circle' },
      { written: 'Square', resolved: 'com.example.core.Square' },
    ]);
    expect(shape.doc).toBe('A geometric shape.');
    expect(shape.path).toBe('com/example/core/Shape.java');
    expect(shape.line).toBe(8);
    const reg = type('com.example.core.Registry');
    expect(reg.typeParams).toEqual([
      { name: 'K', bounds: ['java.lang.Comparable<K>'] },
      { name: 'V', bounds: [] },
    ]);
    expect(reg.doc).toBe('A registry of values by key.');
    const sub = type('com.example.core.SubRegistry');
    expect(sub.extends).toEqual([{ written: 'Registry<String, Object>', resolved: 'com.example.core.Registry<java.lang.String, java.lang.Object>' }]);
    expect(sub.modifiers).toEqual(['public', 'final']);
    expect(type('com.example.core.Circle').implements).toEqual([{ written: 'Shape', resolved: 'com.example.core.Shape' }]);
  });

  it('methods: params with resolved generic types, varargs, type params, throws, arrays; package-private members skipped', () => {
    const find = one('com.example.core.Registry', 'find');
    expect(find.modifiers).toEqual(['public']);
    expect(find.typeParams).toEqual([{ name: 'T', bounds: ['V'] }]);
    expect(find.type).toBe('java.util.List<T>');
    expect(find.params).toEqual([
      { name: 'key', type: 'K', written: 'K' },
      { name: 'type', type: 'java.lang.Class<T>', written: 'Class<T>' },
      { name: 'tags', type: 'java.lang.String[]', written: 'String...', varargs: true },
    ]);
    expect(find.throws).toEqual(['java.io.IOException']);
    expect(find.doc).toBe('Finds values e.g. by key.');
    // nested generic + qualified JDK nested type + own nested type
    expect(one('com.example.core.Registry', 'first').type).toBe('java.util.Map.Entry<K, com.example.core.Registry.Entry<V>>');
    expect(one('com.example.core.Registry', 'onChange').params![0].type).toBe('java.util.function.Consumer<? super V>');
    expect(one('com.example.core.Registry', 'onChange').modifiers).toEqual(['protected']);
    const matrix = one('com.example.core.Registry', 'matrix');
    expect(matrix.type).toBe('int[][]');
    expect(matrix.params![0]).toEqual({ name: 'rows', type: 'int[]', written: 'int[]' });
    expect(members('com.example.core.Registry', 'packagePrivate')).toEqual([]);
  });

  it('fields: one member per declarator, extra dimensions applied; interface fields are public static final', () => {
    expect(one('com.example.core.Registry', 'LIMIT')).toMatchObject({ kind: 'field', type: 'int', modifiers: ['public', 'static', 'final'] });
    expect(one('com.example.core.Registry', 'SIZES').type).toBe('int[]');
    expect(one('com.example.core.Registry.Entry', 'value')).toMatchObject({ kind: 'field', type: 'V', modifiers: ['public', 'final'] });
    expect(one('com.example.core.Shape', 'DIMENSIONS')).toMatchObject({ kind: 'field', type: 'int', modifiers: ['public', 'static', 'final'] });
  });

  it('interface methods: abstract when bodiless, default/static kept, private skipped', () => {
    expect(one('com.example.core.Shape', 'area').modifiers).toEqual(['public', 'abstract']);
    expect(one('com.example.core.Shape', 'area').doc).toBe('The area of the shape.');
    expect(one('com.example.core.Shape', 'describe').modifiers).toEqual(['public', 'default']);
    expect(one('com.example.core.Shape', 'unit').modifiers).toEqual(['public', 'static']);
    expect(members('com.example.core.Shape', 'helper')).toEqual([]);
    expect(one('com.example.core.Shape.Visitor', 'visit')).toMatchObject({ type: 'R', params: [{ name: 'shape', type: 'com.example.core.Shape', written: 'Shape' }] });
  });

  it('records: components, generated accessors unless declared, generated canonical constructor unless declared', () => {
    const circle = type('com.example.core.Circle');
    expect(circle.kind).toBe('record');
    expect(circle.modifiers).toEqual(['public', 'final']);
    expect(circle.recordComponents).toEqual([
      { name: 'radius', type: 'double', written: 'double' },
      { name: 'label', type: 'java.lang.String', written: 'String', annotations: ['Deprecated'] },
    ]);
    const names = circle.members.map((m) => `${m.kind}:${m.name}:${m.generated ?? 'declared'}`);
    expect(names).toEqual(['method:radius:declared', 'method:area:declared', 'constructor:Circle:record-constructor', 'method:label:record-accessor']);
    const ctor = circle.members.find((m) => m.kind === 'constructor')!;
    expect(ctor.params!.map((p) => p.type)).toEqual(['double', 'java.lang.String']);
    expect(one('com.example.core.Circle', 'label').type).toBe('java.lang.String');
    // Square declares a compact canonical constructor: it is recorded, not generated
    const sq = type('com.example.core.Square').members.filter((m) => m.kind === 'constructor');
    expect(sq).toHaveLength(1);
    expect(sq[0].generated).toBeUndefined();
    expect(sq[0].params).toEqual([{ name: 'side', type: 'double', written: 'double' }]);
    expect(sq[0].doc).toBe('Compact canonical constructor.');
    expect(one('com.example.core.Square', 'side').generated).toBe('record-accessor');
  });

  it('enums: constants, values()/valueOf generated, private constructor skipped', () => {
    const color = type('com.example.core.Color');
    expect(color.kind).toBe('enum');
    expect(color.members.map((m) => `${m.kind}:${m.name}`)).toEqual(['enumConstant:RED', 'enumConstant:GREEN', 'method:lower', 'method:values', 'method:valueOf']);
    expect(one('com.example.core.Color', 'RED')).toMatchObject({ type: 'com.example.core.Color', modifiers: ['public', 'static', 'final'], doc: 'Red.' });
    expect(one('com.example.core.Color', 'values')).toMatchObject({ generated: 'enum-values', type: 'com.example.core.Color[]', modifiers: ['public', 'static'], params: [] });
    expect(one('com.example.core.Color', 'valueOf')).toMatchObject({ generated: 'enum-valueOf', type: 'com.example.core.Color', params: [{ name: 'name', type: 'java.lang.String' }] });
  });

  it('annotation types: elements with defaults exactly as written', () => {
    const tool = type('com.example.core.Tool');
    expect(tool.kind).toBe('annotation');
    expect(tool.annotations).toEqual(['Target', 'Retention']);
    expect(one('com.example.core.Tool', 'readOnly')).toMatchObject({ kind: 'annotationElement', type: 'boolean', default: 'false', modifiers: ['public', 'abstract'], doc: 'Whether the tool only reads.' });
    expect(one('com.example.core.Tool', 'name').default).toBe('""');
    expect(one('com.example.core.Tool', 'tags')).toMatchObject({ type: 'java.lang.String[]', default: '{"a, b", "c"}' });
    expect(one('com.example.core.Tool', 'priority').default).toBeUndefined();
  });

  it('constructors: declared ones with modifiers; implicit default constructor for classes without one', () => {
    const sub = type('com.example.core.SubRegistry').members.filter((m) => m.kind === 'constructor');
    expect(sub.map((m) => [m.modifiers, m.params!.length, m.generated])).toEqual([
      [['public'], 0, undefined],
      [['protected'], 1, undefined],
    ]);
    expect(one('com.example.core.Registry', 'Registry')).toMatchObject({ kind: 'constructor', generated: 'default-constructor', modifiers: ['public'], params: [] });
    expect(one('com.example.core.Registry.Handle', 'Handle')).toMatchObject({ generated: 'default-constructor', modifiers: ['protected'] });
    expect(one('com.example.model.Model', 'Model')).toMatchObject({ modifiers: ['protected'], params: [{ name: 'name', type: 'java.lang.String' }] });
  });

  it('name resolution: wildcard imports against inventory types and JDK table, inherited member types, unknowns kept as written', () => {
    // Model comes from `import com.example.model.*` (another artifact); Map/Optional from `java.util.*`;
    // Unknown from `org.other.*` cannot be resolved and stays as written.
    expect(one('com.example.core.SubRegistry', 'models').type).toBe('java.util.Map<java.lang.String, com.example.model.Model>');
    expect(one('com.example.core.SubRegistry', 'models').params![0].type).toBe('java.util.Optional<Unknown>');
    // `Entry` is a member type inherited from Registry
    expect(one('com.example.core.SubRegistry', 'entry').type).toBe('com.example.core.Registry.Entry<java.lang.Object>');
  });

  it('deprecation from @Deprecated(forRemoval, since) and the @deprecated Javadoc note', () => {
    expect(one('com.example.core.Registry', 'old').deprecated).toEqual({ forRemoval: true, since: '1.2', note: 'use find(Comparable, Class, String...) instead.' });
    expect(one('com.example.core.Registry', 'old').annotations).toEqual(['Deprecated']);
    expect(type('com.example.core.Registry').deprecated).toBeUndefined();
  });

  it('duplicates across artifacts: one owner per FQN (non-umbrella, shares package words, longest, alphabetical)', () => {
    expect(r.inventory.duplicatesResolved).toBe(2);
    expect(type('com.example.core.Shared').artifact).toBe('fx-core');
    expect(type('com.example.model.Model').artifact).toBe('fx-model');
    expect(r.inventory.types.filter((t) => t.fqn === 'com.example.model.Model')).toHaveLength(1);
    expect(chooseOwner('io.agentscope.core.X', ['agentscope', 'agentscope-core'])).toBe('agentscope-core');
    expect(chooseOwner('io.agentscope.extensions.model.openai.X', ['agentscope-core', 'agentscope-extensions-model-openai'])).toBe('agentscope-extensions-model-openai');
    expect(chooseOwner('a.b.X', ['lib-bb', 'lib-aa'])).toBe('lib-aa');
  });

  it('providers from META-INF/services: prefix from providerId literal or PREFIX, getenv literals incl. one called class', () => {
    expect(r.inventory.providers).toEqual([
      { prefix: 'bar', artifactId: 'fx-provider', providerClass: 'com.example.ai.BarProvider', envVars: ['BAR_TOKEN'], registeredIn: 'META-INF/services/io.agentscope.core.model.spi.ModelProvider' },
      { prefix: 'foo', artifactId: 'fx-provider', providerClass: 'com.example.ai.FooProvider', envVars: ['FOO_API_KEY', 'FOO_BASE_URL'], registeredIn: 'META-INF/services/io.agentscope.core.model.spi.ModelProvider' },
    ]);
  });

  it('is deterministic: same bytes for repeated runs and for any input order of the jars', async () => {
    const jars = allFixtureJars();
    const a = serializeInventory((await extractInventory(jars, { groupId: 'com.example', version: '9.9.9' })).inventory);
    const b = serializeInventory((await extractInventory([...jars].reverse(), { groupId: 'com.example', version: '9.9.9' })).inventory);
    expect(b).toBe(a);
    expect(a).toBe(serializeInventory(r.inventory));
  });
});

describe('javadoc summary', () => {
  it('takes the first sentence, unwraps inline tags, drops HTML and block tags', () => {
    expect(parseJavadoc('/** Returns {@code x} as a {@link java.util.List list}. More text. */').summary).toBe('Returns x as a list.');
    expect(parseJavadoc('/**\n * Uses <b>bold</b> e.g. here.\n * @return y\n */').summary).toBe('Uses bold e.g. here.');
    expect(parseJavadoc('/** No period at all\n * @deprecated gone. Really.\n */')).toMatchObject({ summary: 'No period at all', deprecatedNote: 'gone.' });
    expect(parseJavadoc('/** Calls {@link #run(String, int)}. */').summary).toBe('Calls run(String, int).');
  });
});

describe('provider environment variables read through a function (System::getenv)', () => {
  it('finds env.apply("X") names when the lookup is System::getenv, and nothing otherwise', async () => {
    const { envVarsIn } = await import('../../src/inventory/providers.js');
    const glm = 'String k = resolveApiKey(context, System::getenv);\nstatic String resolveApiKey(C c, Function<String,String> env) { return first(c.getApiKey(), env.apply("ZAI_API_KEY"), env.apply("GLM_API_KEY")); }';
    expect(envVarsIn(glm).sort()).toEqual(['GLM_API_KEY', 'ZAI_API_KEY']);
    expect(envVarsIn('mapper.apply("NOT_ENV");')).toEqual([]);
  });
});
