import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * AS017 through try statements: a catch of unchecked exceptions only (`catch (RuntimeException e)`,
 * `catch (IllegalStateException | UncheckedIOException e)`) catches no checked one, so an
 * AgentScope call declaring IOException in its try block is still javac's "unreported exception";
 * a catch of Exception, IOException or an unknown type handles it, as a throws clause does. javac
 * decides, each file compiled on its own (javac's flow phase reports one class's errors): Broken
 * files' lines tagged `// error` are the ones it rejects; Clean compiles; check agrees.
 */
const HEAD = `package demo;

import io.agentscope.core.formatter.MediaUtils;
import java.io.IOException;
import java.io.UncheckedIOException;
`;
const BROKEN = `${HEAD}
public class Broken {
    String k(String p) {
        try {
            return MediaUtils.fileToBase64(p); // error
        } catch (RuntimeException e) {
            return "";
        }
    }
}
`;
const BROKEN2 = `${HEAD}
public class Broken2 {
    String k(String p) {
        try {
            return MediaUtils.fileToBase64(p); // error
        } catch (IllegalStateException | UncheckedIOException e) {
            return "";
        } finally {
            System.out.println("done");
        }
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    String a(String p) {
        try {
            return MediaUtils.fileToBase64(p);
        } catch (RuntimeException e) {
            return "";
        } catch (IOException e) {
            return "io";
        }
    }

    String b(String p) {
        try {
            return MediaUtils.fileToBase64(p);
        } catch (Exception e) {
            return "";
        }
    }

    String c(String p) throws IOException {
        try {
            return MediaUtils.fileToBase64(p);
        } catch (IllegalArgumentException e) {
            return "";
        }
    }

    String d(String p) {
        try {
            try {
                return MediaUtils.fileToBase64(p);
            } catch (RuntimeException e) {
                return "";
            }
        } catch (IOException e) {
            return "io";
        }
    }
}
`;

test('unchecked catches do not handle a checked exception: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Broken2.java': BROKEN2, 'Clean.java': CLEAN }, { separately: true });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS017')).toBe(true);
}, 240_000);
