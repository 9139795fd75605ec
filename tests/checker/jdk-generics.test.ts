import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Generics are invariant for JDK types too: a `List<Path>` is no `List<Object>`, a `Map<String,
 * String>` no `Map<String, Integer>`, whether the value is a written variable or a JDK call's exact
 * result (`stream.sorted().toList()`). A wildcard, a supertype's class or the same type arguments
 * compile. javac decides: the lines tagged `// error`.
 */
test('JDK generic types with other type arguments: javac and check agree line by line', async () => {
  const v = await javacDecides({
    'Invariant.java': `package demo;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;

public class Invariant {
    void broken(List<Path> paths, Map<String, String> byName) {
        List<Object> entries = paths.stream().sorted().toList(); // error
        Map<String, Integer> counts = byName; // error
        List<String> names = paths; // error
        System.out.println(entries + "" + counts + names);
    }

    void clean(List<Path> paths, Map<String, String> byName) {
        List<Path> entries = paths.stream().sorted().toList();
        List<? extends Object> any = paths;
        Collection<Path> all = paths;
        Map<String, String> same = byName;
        Map<String, ?> values = byName;
        System.out.println(entries + "" + any + all + same + values);
    }
}
`,
  });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
