import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Arrays of references are covariant (JLS 4.10.3) and nothing more: `blocks.toArray()` is an
 * Object[], which no `content(ContentBlock...)` takes, where a TextBlock[] or the typed
 * `toArray(new ContentBlock[0])` fits. javac decides: Broken's lines tagged `// error` are the
 * ones it rejects, and check reports them; Clean compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;
import java.util.List;
`;
const BROKEN = `${HEAD}
public class Broken {
    Msg f(List<ContentBlock> blocks) {
        return Msg.builder().content(blocks.toArray()).build(); // error
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    Msg f(List<ContentBlock> blocks, TextBlock[] texts, Object[] any) {
        Msg.builder().content(texts).build();
        Msg.builder().content(blocks.toArray(new ContentBlock[0])).build();
        String s = String.format("%s %s", any);
        return Msg.builder().content(blocks).build();
    }
}
`;

test('an Object[] where an array of AgentScope types is taken: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS007')).toBe(true);
}, 180_000);
