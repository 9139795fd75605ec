import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { extractInventory } from '../../src/inventory/extract/index.js';
import { parseJavadocTags, richText } from '../../src/inventory/extract/javadoc-tags.js';
import { serializeInventory } from '../../src/inventory/store.js';

describe('javadoc block tags and code blocks', () => {
  it('keeps inline code as backticks and drops the other markup', () => {
    expect(richText('the {@code Map<String, {}>} of {@link Foo#bar(int)}, see {@link Baz the baz}')).toBe('the `Map<String, {}>` of `Foo.bar(int)`, see the baz');
    expect(richText('<b>bold</b> &amp; <code>List&lt;T&gt;</code><p>next')).toBe('bold & `List<T>` next');
    // an unescaped type argument is not an HTML tag
    expect(richText('a Mono<Void> under skills/<skillId>/, a Function<I, O> or Set<S>')).toBe('a Mono<Void> under skills/<skillId>/, a Function<I, O> or Set<S>');
    expect(richText('{@code a `b` c}')).toBe('`` a `b` c ``');
    expect(richText('{@literal <x>} and {@inheritDoc}')).toBe('<x> and');
  });

  it('parses @param (type parameters as <T>), @return, @throws/@exception, @deprecated, @since; a tag inside <pre> is code', () => {
    const tags = parseJavadocTags(`/**
     * Summary.
     *
     * <pre>{@code
     * @Bean
     * Foo foo() {
     *     return new Foo(); // {braces}
     * }
     * }</pre>
     *
     * @param <T> the element type
     * @param name the {@code name},
     *     over two lines
     * @param empty
     * @return the <i>result</i>
     * @throws IllegalStateException when closed
     * @exception java.io.IOException
     * @throws {@link Oops} on oops
     * @deprecated use {@link #other()} instead. Really.
     * @since 1.2
     * @see Foo
     */`);
    expect(tags.params).toEqual([
      { name: '<T>', text: 'the element type' },
      { name: 'name', text: 'the `name`, over two lines' },
    ]);
    expect(tags.returns).toBe('the result');
    expect(tags.throws).toEqual([
      { written: 'IllegalStateException', text: 'when closed' },
      { written: 'java.io.IOException', text: '' },
      { written: 'Oops', text: 'on oops' },
    ]);
    expect(tags.deprecated).toBe('use `other()` instead. Really.');
    expect(tags.since).toBe('1.2');
    expect(tags.examples).toEqual(['@Bean\nFoo foo() {\n    return new Foo(); // {braces}\n}']);
  });

  it('plain <pre> blocks keep their lines with entities decoded; one-line blocks too', () => {
    const tags = parseJavadocTags('/**\n * Layout:\n * <pre>\n *   Map&lt;K, V&gt;\n *     <b>x</b>\n * </pre>\n * Key: <pre>{@code <prefix>:<value>}</pre>\n */');
    expect(tags.examples).toEqual(['Map<K, V>\n  x', '<prefix>:<value>']);
  });

  it('the extractor records them on types and members, resolves exception types, and leaves them out when empty', async () => {
    const src = `package com.example.jd;

import java.io.IOException;

/**
 * A box.
 *
 * @param <T> what it holds
 * @since 2.0
 */
public class Box<T> {
    /**
     * Puts a value.
     *
     * <pre>{@code
     * box.put(x);
     * }</pre>
     *
     * @param value the value, never {@code null}
     * @return the previous value
     * @throws IOException when the box is sealed
     * @throws BoxFullException when full
     * @throws IllegalArgumentException when {@code value} is null
     * @deprecated use {@link #set(Object)}: it does the same. Kept for 1.x callers.
     */
    @Deprecated
    public T put(T value) throws IOException { return value; }

    /** Plain. */
    public void plain() {}
}
`;
    const exc = 'package com.example.jd;\n\npublic class BoxFullException extends RuntimeException {}\n';
    const bytes = zipSync({ 'com/example/jd/Box.java': new TextEncoder().encode(src), 'com/example/jd/BoxFullException.java': new TextEncoder().encode(exc) });
    const { inventory } = await extractInventory([{ artifactId: 'jd', bytes }], { groupId: 'com.example', version: '1.0.0' });
    const box = inventory.types.find((t) => t.fqn === 'com.example.jd.Box')!;
    expect(box.doc).toBe('A box.');
    expect(box.javadoc).toEqual({ params: [{ name: '<T>', text: 'what it holds' }], since: '2.0' });
    const put = box.members.find((m) => m.name === 'put')!;
    expect(put.javadoc).toEqual({
      params: [{ name: 'value', text: 'the value, never `null`' }],
      returns: 'the previous value',
      throws: [
        { type: 'java.io.IOException', text: 'when the box is sealed' },
        { type: 'com.example.jd.BoxFullException', text: 'when full' },
        { type: 'java.lang.IllegalArgumentException', text: 'when `value` is null' },
      ],
      deprecated: 'use `set(Object)`: it does the same. Kept for 1.x callers.',
      examples: ['box.put(x);'],
    });
    // the summary and the deprecation note stay what they were
    expect(put.doc).toBe('Puts a value.');
    expect(put.deprecated).toEqual({ forRemoval: false, note: 'use set(Object): it does the same.' });
    const plain = box.members.find((m) => m.name === 'plain')!;
    expect(plain.doc).toBe('Plain.');
    expect('javadoc' in plain).toBe(false);
    expect(serializeInventory(inventory)).toMatch(/^[\x00-\x7f]*$/);
  });
});
