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

test('a protected AgentScope member out of reach: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Access.java': ACCESS });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS002' && f.message.includes('has protected access'))).toBe(true);
}, 180_000);
