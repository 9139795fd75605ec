import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Overrides of AgentScope's generic methods (a method with its own type parameters): the
 * override's type parameters must be the same (JLS 8.4.4, the same bounds), and a type-variable
 * return must be a subtype of the AgentScope return, through its bound. javac decides: every line
 * tagged `// error` and nothing else.
 */
const HOOKS = `package demo;

import io.agentscope.core.hook.Hook;
import io.agentscope.core.hook.HookEvent;
import io.agentscope.core.hook.PreCallEvent;
import reactor.core.publisher.Mono;

public class Hooks {
    static class Same implements Hook {
        @Override
        public <T extends HookEvent> Mono<T> onEvent(T event) {
            return Mono.just(event);
        }
    }

    static class Renamed implements Hook {
        @Override
        public <E extends HookEvent> Mono<E> onEvent(E event) {
            return Mono.just(event);
        }
    }

    static class ByErasure implements Hook {
        @Override
        public Mono onEvent(HookEvent event) {
            return Mono.just(event);
        }
    }

    static class NarrowerBound implements Hook { // error
        @Override // error
        public <T extends PreCallEvent> Mono<T> onEvent(T event) {
            return Mono.just(event);
        }
    }

    static class OtherParam implements Hook { // error
        @Override // error
        public <T extends HookEvent> Mono<T> onEvent(String event) {
            return Mono.empty();
        }
    }

    static class BareReturn implements Hook { // error
        @Override // error
        public <T extends HookEvent> T onEvent(T event) { // error
            return event;
        }
    }
}
`;

const PROVIDERS = `package demo;

import io.agentscope.core.tool.ToolExecutionContextProvider;
import java.util.Optional;

public class Providers {
    static class Plain implements ToolExecutionContextProvider {
        @Override
        public <T> T resolveContext(Class<T> targetType) {
            return null;
        }
    }

    static class Raw implements ToolExecutionContextProvider {
        @Override
        @SuppressWarnings({"rawtypes", "unchecked"})
        public Object resolveContext(Class targetType) {
            return null;
        }
    }

    static class Wrapped implements ToolExecutionContextProvider { // error
        @Override // error
        public <T> Optional<T> resolveContext(Class<T> targetType) { // error
            return Optional.empty();
        }
    }

    static class Bounded implements ToolExecutionContextProvider { // error
        @Override // error
        public <T extends CharSequence> T resolveContext(Class<T> targetType) { // error
            return null;
        }
    }
}
`;

test('overrides of generic AgentScope methods: type parameters and type-variable returns as javac judges them', async () => {
  const v = await javacDecides({ 'Hooks.java': HOOKS, 'Providers.java': PROVIDERS });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 120_000);
