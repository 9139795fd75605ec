import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A protected AgentScope member used from another package by code in no subclass of its owner
 * (JLS 6.6.2): javac's "has protected access", AS002 here. `agent.doCall(..)` for `agent.call(..)`,
 * `pre.toolUse` for `pre.getToolUse()`, in a hook that is no ActingEvent. javac decides; the public
 * members beside them are clean.
 */
const ACCESS = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.hook.PreActingEvent;
import io.agentscope.core.message.Msg;
import java.util.List;

public class Access {
    Object call(ReActAgent agent, List<Msg> msgs) {
        return agent.doCall(msgs); // error
    }

    String name(PreActingEvent pre) {
        return pre.toolUse.getName(); // error
    }

    Object fine(ReActAgent agent, List<Msg> msgs, PreActingEvent pre) {
        return agent.call(msgs).block() + pre.getToolUse().getName();
    }
}
`;

/** The same from a class whose superclass is a project class (of no AgentScope type), in an anonymous hook. */
const THROUGH = `package demo;

import io.agentscope.core.hook.Hook;
import io.agentscope.core.hook.HookEvent;
import io.agentscope.core.hook.PostActingEvent;
import reactor.core.publisher.Mono;

public class Through extends Base {
    @Override
    public void run() {
        Hook h = new Hook() {
            @Override
            public <T extends HookEvent> Mono<T> onEvent(T event) {
                if (event instanceof PostActingEvent post) {
                    String tool = post.toolUse.getName(); // error
                }
                return Mono.just(event);
            }
        };
    }
}

abstract class Base {
    public abstract void run();
}
`;

test('a protected AgentScope member out of reach: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Access.java': ACCESS, 'Through.java': THROUGH });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS002' && f.message.includes('has protected access'))).toBe(true);
}, 180_000);
