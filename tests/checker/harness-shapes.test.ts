import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Three shapes of agentscope-harness test code, each a mistake check missed:
 * - `store.get(ns,\n 42)` where InMemoryStore.get overrides its interface's get: to javac the two are
 *   one candidate, so a mismatch is "incompatible types" on the argument's own line;
 * - `WorkspaceManager.close()` through the type name: close() is AutoCloseable's, an instance method
 *   ("non-static method close() cannot be referenced from a static context"), as are Object's
 *   (`Msg.toString()`) and an enum's `name()`; an enum's `values()` and `valueOf(..)` are static;
 * - `var all = new LinkedHashMap<>(store.load())`: with no target the diamond takes the copied map's
 *   (collection's) type arguments, so `all.get(k)` is a SkillUsageRecord and a misspelled accessor on
 *   it is "cannot find symbol".
 * - `agent.channel(42)` where `<T extends Channel> T channel(T)`: whatever T is, the argument must be
 *   a Channel ("cannot be applied to given types").
 * javac decides, with agentscope-harness on the classpath: Broken.java's lines tagged `// error` are
 * the ones it rejects and check reports them; Clean.java compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.message.MsgRole;
import io.agentscope.harness.agent.HarnessAgent;
import io.agentscope.harness.agent.filesystem.remote.store.InMemoryStore;
import io.agentscope.harness.agent.gateway.channel.Channel;
import io.agentscope.harness.agent.skill.curator.SkillUsageStore;
import io.agentscope.harness.agent.workspace.WorkspaceManager;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
`;
const BROKEN = `${HEAD}
public class Broken {
    void f(InMemoryStore store, SkillUsageStore usage, List<Msg> msgs, Map<String, Msg> byName, HarnessAgent agent) throws Exception {
        Channel chat = agent.channel(42); // error
        Channel named = agent.channel("chat"); // error
        Object item =
                store.get(
                        List.of("agents", "root"),
                        42); // error
        WorkspaceManager.close(); // error
        io.agentscope.harness.agent.workspace.WorkspaceManager.close(); // error
        String s = Msg.toString(); // error
        String n = MsgRole.name(); // error
        var all = new LinkedHashMap<>(usage.load());
        var rec = all.get("skill");
        rec.latViewedAt(); // error
        var copy = new ArrayList<>(msgs);
        copy.get(0).getTextConten(); // error
        var values = new LinkedList<>(byName.values());
        values.getFirst().getTextConten(); // error
        var map = new HashMap<>(byName);
        map.get("a").getTextConten(); // error
        System.out.println(item + s + n);
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    void f(InMemoryStore store, SkillUsageStore usage, List<Msg> msgs, Map<String, Msg> byName, WorkspaceManager w, HarnessAgent agent, Channel c, Object o) throws Exception {
        Channel chat = agent.channel(c);
        Channel none = agent.channel(null);
        Object cast = agent.channel((Channel) o);
        Object item =
                store.get(
                        List.of("agents", "root"),
                        "key");
        w.close();
        MsgRole[] roles = MsgRole.values();
        MsgRole user = MsgRole.valueOf("USER");
        String n = MsgRole.USER.name();
        var all = new LinkedHashMap<>(usage.load());
        var rec = all.get("skill");
        System.out.println(rec.lastViewedAt());
        var copy = new ArrayList<>(msgs);
        String text = copy.get(0).getTextContent();
        var names = new TreeSet<>(byName.keySet());
        int len = names.first().length() + new LinkedList<>(byName.values()).size();
        var map = new HashMap<>(byName);
        Map<String, Object> wider = new HashMap<>(byName);
        var sized = new ArrayList<Msg>(10);
        System.out.println(item + " " + roles.length + user + n + text + len + map.get("a").getTextContent() + wider + sized);
    }
}
`;

test('shapes of harness code (a candidate and its override, JDK supertype methods through a type name, diamond copies, a bounded type variable): javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN }, { artifacts: ['agentscope-harness'] });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);
