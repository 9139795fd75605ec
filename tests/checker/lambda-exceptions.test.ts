import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A call that declares a checked exception inside a lambda whose functional interface's method
 * declares none (a Runnable, a Supplier, forEach's Consumer): the lambda's body must catch it, a
 * throws clause or a try around the lambda does not help ("unreported exception IOException",
 * AS017). A Callable may throw; a try in the lambda catches; `submit(..)` may take a Callable.
 * javac decides: the lines tagged `// error` are the ones it rejects and check reports them.
 */
test('checked exceptions in lambdas that may throw none: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Lambdas.java': `package demo;

import io.agentscope.core.skill.repository.ClasspathSkillRepository;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;

public class Lambdas {
    void load(List<String> names, ExecutorService pool) throws Exception {
        ((Runnable) () -> new ClasspathSkillRepository("skills")).run(); // error
        Supplier<ClasspathSkillRepository> s = () -> new ClasspathSkillRepository("skills"); // error
        names.forEach(n -> Thread.sleep(10)); // error
        Callable<ClasspathSkillRepository> c = () -> new ClasspathSkillRepository("skills");
        Runnable r = () -> {
            try {
                new ClasspathSkillRepository("skills");
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        };
        try {
            Runnable q = () -> new ClasspathSkillRepository("skills"); // error
        } catch (Exception e) {
            throw e;
        }
        pool.submit(() -> new ClasspathSkillRepository("skills"));
        new ClasspathSkillRepository("skills");
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);
