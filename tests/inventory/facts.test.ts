import { strToU8, zipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { extractInventory } from '../../src/inventory/extract/index.js';

/** The behaviour facts the extractor reads from method bodies (extract/facts.ts), on a small sources jar. */
const SOURCES: Record<string, string> = {
  'io/agentscope/core/demo/Limits.java': `package io.agentscope.core.demo;

import java.util.Objects;

public class Limits {
    public static class Builder {
        public Builder retries(int retries) {
            if (retries <= 0) {
                throw new IllegalArgumentException("retries must be > 0");
            }
            return this;
        }

        public Builder ratio(double ratio) {
            if (ratio < 0 || ratio > 1) throw new IllegalArgumentException("ratio in [0, 1]");
            return this;
        }

        public Builder name(String name) {
            Objects.requireNonNull(name, "name");
            if (name.isBlank()) throw new IllegalArgumentException("blank name");
            return this;
        }

        public Builder later(int n) {
            int m = n * 2;
            if (m <= 0) throw new IllegalArgumentException("not a leading check on a parameter");
            return this;
        }

        private Builder hidden(int n) {
            if (n < 0) throw new IllegalArgumentException("private: not recorded");
            return this;
        }

        public Limits build() {
            if (missing == null) throw new IllegalStateException("nothing set");
            return new Limits();
        }

        private String missing;
    }

    public record Window(int size) {
        public Window {
            if (size < 1) throw new IllegalArgumentException("size >= 1");
        }
    }
}
`,
};

describe('behaviour facts from method bodies', async () => {
  const files = Object.fromEntries(Object.entries(SOURCES).map(([p, s]) => [p, strToU8(s)]));
  const { facts, inventory } = await extractInventory([{ artifactId: 'agentscope-demo', bytes: zipSync(files) }], { groupId: 'io.agentscope', version: '9.9.9' });
  const pre = facts.preconditions.map((p) => `${p.type.split('.').slice(-2).join('.')}#${p.member}(${p.params}) ${p.param} ${JSON.stringify(p.rejects)} ${p.exception} :${p.at.line}`);

  test('leading parameter checks: comparisons (either side), null, blank; record compact constructors', () => {
    expect(pre).toEqual([
      'Limits.Builder#retries(int) retries [{"kind":"compare","op":"<=","value":0}] IllegalArgumentException :8',
      'Limits.Builder#ratio(double) ratio [{"kind":"compare","op":"<","value":0},{"kind":"compare","op":">","value":1}] IllegalArgumentException :15',
      'Limits.Builder#name(String) name [{"kind":"null"}] NullPointerException :20',
      'Limits.Builder#name(String) name [{"kind":"blank"}] IllegalArgumentException :21',
      'Limits.Window#<init>(int) size [{"kind":"compare","op":"<","value":1}] IllegalArgumentException :46',
    ]);
  });

  test('a check on the object state is a state check; checks after other statements and private methods are not recorded', () => {
    expect(facts.stateChecks.map((s) => `${s.member} [${s.condition}] ${s.exception}`)).toEqual(['build [missing == null] IllegalStateException']);
    expect(pre.join('\n')).not.toMatch(/later|hidden/);
  });

  test('the facts belong to the jars of the inventory', () => {
    expect(facts.version).toBe('9.9.9');
    expect(facts.artifacts).toEqual(inventory.artifacts.map((a) => a.sha1));
  });
});
