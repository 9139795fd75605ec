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

/**
 * What the erasure-matched overrides of generic AgentScope methods may not do either: narrow the
 * access (a generic override, and a raw one by erasure), or return a primitive or void for a
 * type-variable result. Weaker access is reported on the method's line only (it still overrides).
 */
const ACCESS = `package demo;

import com.fasterxml.jackson.core.type.TypeReference;
import io.agentscope.core.formatter.AbstractBaseFormatter;
import io.agentscope.core.hook.Hook;
import io.agentscope.core.hook.HookEvent;
import io.agentscope.core.model.GenerateOptions;
import io.agentscope.core.util.JsonCodec;
import java.util.function.Function;
import reactor.core.publisher.Mono;

public class Access {
    static Hook narrowed() {
        return new Hook() {
            @Override
            protected <T extends HookEvent> Mono<T> onEvent(T event) { // error
                return Mono.just(event);
            }
        };
    }

    static Hook kept() {
        return new Hook() {
            @Override
            public <E extends HookEvent> Mono<E> onEvent(E event) {
                return Mono.just(event);
            }
        };
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    static Hook rawNarrowed() {
        return new Hook() {
            @Override
            protected Mono onEvent(HookEvent event) { // error
                return Mono.just(event);
            }
        };
    }

    abstract static class PackageCodec implements JsonCodec {
        @Override
        <T> T fromJson(String json, Class<T> type) { // error
            return null;
        }
    }

    abstract static class PrivateCodec implements JsonCodec {
        private <T> T fromJson(String json, Class<T> type) { // error
            return null;
        }
    }

    abstract static class PublicCodec implements JsonCodec {
        @Override
        public <X> X fromJson(String json, Class<X> type) {
            return null;
        }

        @Override
        public <T> T convertValue(Object from, TypeReference<T> toTypeRef) {
            return null;
        }
    }

    abstract static class VoidCodec implements JsonCodec {
        @Override // error
        public <T> void convertValue(Object from, TypeReference<T> toTypeRef) { // error
            return;
        }

        @Override // error
        public <T> int convertValue(Object from, Class<T> type) { // error
            return 0;
        }
    }

    abstract static class Formatter extends AbstractBaseFormatter<Object, Object, Object> {
        @Override
        <T> T getOptionOrDefault(GenerateOptions options, GenerateOptions defaults, Function<GenerateOptions, T> getter) { // error
            return null;
        }
    }

    abstract static class WiderFormatter extends AbstractBaseFormatter<Object, Object, Object> {
        @Override
        public <T> T getOptionOrDefault(GenerateOptions options, GenerateOptions defaults, Function<GenerateOptions, T> getter) {
            return null;
        }
    }

    abstract static class VoidFormatter extends AbstractBaseFormatter<Object, Object, Object> {
        @Override // error
        protected <T> void getOptionOrDefault(GenerateOptions options, GenerateOptions defaults, Function<GenerateOptions, T> getter) { // error
        }
    }
}
`;

test('generic overrides: weaker access and primitive or void results for a type variable, as javac judges them', async () => {
  const v = await javacDecides({ 'Access.java': ACCESS });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 120_000);
