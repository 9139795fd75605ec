import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A collection class hands its element type to its List, Collection, Set or Iterable: an
 * `ArrayList<Msg>` where a `List<ToolSchema>` is taken, `new ArrayList<Msg>(in)` and the diamond copy
 * `new ArrayList<>(in)` of a `List<Msg>` where a `List<String>` is declared. The right elements and
 * a wildcard they fit are clean. javac decides (AS007, AS013).
 */
const BROKEN = `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.model.Model;
import io.agentscope.core.model.ToolSchema;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

public class Broken {
    Object tools(Model model, ArrayList<Msg> messages) {
        return model.stream(null, messages, null); // error
    }
    Object texts(Model model, ArrayList<String> texts) {
        return model.stream(texts, null, null); // error
    }
    void copies(List<Msg> in) {
        List<String> a = new ArrayList<>(in); // error
        List<String> b = new ArrayList<Msg>(in); // error
        Set<String> c = new HashSet<>(in); // error
    }
    void fromMap(Map<String, Msg> byName) {
        List<Msg> a = new ArrayList<>(byName); // error
        Set<Msg> b = new HashSet<Msg>(byName); // error
    }
}
`;
const CLEAN = `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.model.Model;
import io.agentscope.core.model.ToolSchema;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

public class Clean {
    Object stream(Model model, ArrayList<Msg> messages, ArrayList<ToolSchema> tools) {
        return model.stream(messages, tools, null);
    }
    void copies(List<Msg> in) {
        List<Msg> a = new ArrayList<>(in);
        Collection<? extends Object> b = new ArrayList<Msg>(in);
        Set<Msg> c = new HashSet<>(in);
        List<Object> d = new ArrayList<>(in);
        List<Msg> e = new ArrayList<>(16);
    }
    void fromMap(java.util.Map<String, Msg> byName) {
        List<Msg> a = new ArrayList<>(byName.values());
        Set<String> b = new HashSet<>(byName.keySet());
    }
}
`;

test('collection classes hand their elements to their supertypes: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);

/**
 * More JDK collection classes and the maps: `new CopyOnWriteArrayList<Task>()` is no
 * `List<AgentEvent>`, `new LinkedHashMap<String, Msg>()` no `Map<AgentEventType, AgentEvent>`
 * (keys and values are Map's, invariant); the same classes with the declared arguments, or a
 * diamond, compile.
 */
test('concurrent and linked collections and maps created with other type arguments, or with a diamond where an AgentScope type is declared: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Maps.java': `package demo;

import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.event.AgentEventType;
import io.agentscope.core.message.Msg;
import io.agentscope.core.state.Task;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

public class Maps {
    Map<AgentEventType, AgentEvent> byType = new LinkedHashMap<String, Msg>(); // error
    List<AgentEvent> events = new CopyOnWriteArrayList<Task>(); // error
    Map<String, Msg> byId = new HashMap<String, Task>(); // error
    Map<String, Msg> shared = new ConcurrentHashMap<String, Task>(); // error
    Set<Msg> seen = new LinkedHashSet<Task>(); // error
    Map<String, Msg> sorted = new TreeMap<String, Msg>();
    Map<AgentEventType, AgentEvent> last = new ConcurrentHashMap<>();
    List<AgentEvent> log = new CopyOnWriteArrayList<AgentEvent>();
    Map<String, ? extends Msg> any = new HashMap<String, Msg>();
    Msg first = new CopyOnWriteArrayList<>(); // error
    Task task = new HashMap<>(); // error
    Object plain = new HashMap<>();

    void assign() {
        first = new LinkedHashSet<>(); // error
        seen = new LinkedHashSet<>();
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);
