import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A `static` added to a method that uses the class's instance field or method ("non-static
 * variable memory cannot be referenced from a static context", AS008; an inner class's static
 * method and its outer class's field too), and `super.m()` where the
 * superclass has no such method (a class or an anonymous class of an AgentScope interface extends
 * Object: "cannot find symbol") or only an abstract one ("abstract method getModelName() in Model
 * cannot be accessed directly", AS002). javac decides: the lines tagged `// error` are the ones it
 * rejects and check reports them; statics, locals and parameters of the same names, an anonymous
 * class's own fields and Object's methods through super compile.
 */
test('instance members in static methods and super calls to nothing: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Statics.java': `package demo;

import io.agentscope.core.hook.Hook;
import io.agentscope.core.hook.HookEvent;
import io.agentscope.core.memory.InMemoryMemory;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.model.ChatModelBase;
import io.agentscope.core.model.ChatResponse;
import io.agentscope.core.model.GenerateOptions;
import io.agentscope.core.model.ToolSchema;
import io.agentscope.core.tool.AgentTool;
import io.agentscope.core.tool.ToolCallParam;
import java.util.List;
import java.util.Map;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

public class Statics {
    private final InMemoryMemory memory = new InMemoryMemory();
    private static final String NAME = "statics";
    private int calls;

    static int size() {
        return memory.getMessages().size(); // error
    }

    static int helper() {
        return reset(); // error
    }

    static String name() {
        return NAME;
    }

    static int other(Statics s) {
        return s.calls + s.reset();
    }

    static int shadowed() {
        int calls = 3;
        return calls;
    }

    static Runnable task() {
        return new Runnable() {
            int calls;

            @Override
            public void run() {
                calls++;
            }
        };
    }

    int reset() {
        return calls = 0;
    }

    class Inner {
        static int size() {
            return memory.getMessages().size(); // error
        }

        int count() {
            return memory.getMessages().size();
        }
    }

    static class Tool implements AgentTool {
        @Override
        public String getName() {
            super.getName(); // error
            return "t";
        }

        @Override
        public String getDescription() {
            return super.toString();
        }

        @Override
        public Map<String, Object> getParameters() {
            return Map.of();
        }

        @Override
        public Mono<ToolResultBlock> callAsync(ToolCallParam param) {
            return Mono.empty();
        }
    }

    static Hook hook() {
        return new Hook() {
            @Override
            public <T extends HookEvent> Mono<T> onEvent(T event) {
                super.onEvent(event); // error
                return Mono.just(event);
            }
        };
    }

    static ChatModelBase model() {
        return new ChatModelBase() {
            @Override
            public String getModelName() {
                super.getModelName(); // error
                return "fake";
            }

            @Override
            protected Flux<ChatResponse> doStream(List<Msg> messages, List<ToolSchema> tools, GenerateOptions options) {
                return Flux.empty();
            }
        };
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);

/**
 * A static method of a class using, unqualified, an instance method or field it inherits: Object's
 * `toString()` or `hashCode()` (no class can have a static one), from a superclass of the sources (the member's declaring class and every class between them implementing
 * no interface), or an AgentScope superclass's method. Called on an instance, or from an instance
 * method, it compiles.
 */
test('inherited instance members in a static method: javac and check agree line by line', async () => {
  const v = await javacDecides({
    'Base.java': `package demo;

public class Base {
    protected int calls;

    int count() {
        return calls;
    }

    static int twice() {
        return 2;
    }
}
`,
    'Child.java': `package demo;

import io.agentscope.core.memory.InMemoryMemory;

public class Child extends Base {
    static int broken() {
        return count(); // error
    }

    static int field() {
        return calls + 1; // error
    }

    static String described() {
        return toString(); // error
    }

    static int hashed() {
        Object anonymous = new Object() {
            @Override
            public String toString() {
                return "a" + hashCode();
            }
        };
        return anonymous.hashCode() + hashCode(); // error
    }

    static class Nested extends Child {
        static int deeper() {
            return count() + twice(); // error
        }
    }

    static class Memory extends InMemoryMemory {
        static int size() {
            return getMessages().size(); // error
        }

        int own() {
            return getMessages().size();
        }
    }

    int fine() {
        return count() + calls + twice();
    }

    static int onInstance(Child c) {
        return c.count() + c.calls + twice();
    }
}
`,
  });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS008')).toBe(true);
}, 180_000);
