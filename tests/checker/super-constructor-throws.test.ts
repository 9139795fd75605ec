import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * AS017 for an explicit `super(..)`: a class extending ClasspathSkillRepository, whose constructors
 * all declare IOException, calls one of them from a constructor that declares nothing. No try can
 * enclose the call (it comes first), so only the constructor's throws clause handles it. javac
 * decides, each file compiled on its own (javac's flow phase reports one class's errors): Broken
 * files' lines tagged `// error` are the ones it rejects; Clean declares IOException or Exception,
 * or reaches such a constructor through `this(..)`, and compiles; check agrees.
 */
const HEAD = `package demo;

import io.agentscope.core.skill.repository.ClasspathSkillRepository;
import java.io.IOException;
`;
const BROKEN = `${HEAD}
public class Broken extends ClasspathSkillRepository {
    public Broken(String resourcePath, ClassLoader loader) {
        super(resourcePath, loader); // error
    }
}
`;
const BROKEN2 = `${HEAD}
public class Broken2 {
    static class Repo extends ClasspathSkillRepository {
        Repo(String path) {
            super(path); // error
        }

        Repo(String path, String source, ClassLoader loader) {
            super(path, // error
                    source,
                    loader);
        }
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    static class A extends ClasspathSkillRepository {
        A(String path, ClassLoader loader) throws IOException {
            super(path, loader);
        }

        A(String path) throws Exception {
            super(path);
        }

        A() throws Exception {
            this("skills");
        }
    }

    static class B extends ClasspathSkillRepository {
        B(String path, String source) throws IOException {
            super(path, source);
        }
    }

    ClasspathSkillRepository anonymous() throws IOException {
        return new ClasspathSkillRepository("skills") {};
    }
}
`;

test('super(..) of an AgentScope constructor that declares a checked exception: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Broken2.java': BROKEN2, 'Clean.java': CLEAN }, { separately: true });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS017')).toBe(true);
}, 240_000);
