import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * The implicit `super()` of a class extending an AgentScope class whose constructors all take
 * arguments (AgentBase): a constructor that calls neither `super(..)` nor `this(..)` first, and a
 * class with no constructor (its default one calls `super()`), are rejected by javac, and check
 * reports them where javac does (the constructor's body, the class keyword). Clean.java calls a
 * constructor of AgentBase explicitly or through `this(..)`, and extends a JDK class. javac decides.
 */
const BROKEN = `package demo;

import io.agentscope.core.agent.AgentBase;

public class Broken {
    abstract static class Silent extends AgentBase {
        Silent() { // error
            System.out.println("no super call");
        }
    }
    abstract static class Bare extends AgentBase { // error
    }
}
`;
const CLEAN = `package demo;

import io.agentscope.core.agent.AgentBase;

public class Clean {
    abstract static class Named extends AgentBase {
        Named(String name) {
            super(name);
        }
        Named() {
            this("default");
        }
    }
    abstract static class Described extends AgentBase {
        Described() {
            super("n", "d");
        }
    }
    static class Failure extends RuntimeException {
    }
}
`;

test('a constructor that calls super() implicitly where the AgentScope superclass has none without arguments: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS003')).toBe(true);
}, 180_000);
