import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A block lambda that returns no value given where the functional interface's method returns one
 * (`events.map(event -> { seen.add(event); })`, a doOnNext turned into a map), or a reference to a
 * project method that returns nothing (`events.map(Main::print)`): javac's "method map
 * in class Flux<T> cannot be applied to given types", at the call. And a static method with the
 * parameters of an inherited AgentScope instance method: "overriding method is static". javac
 * decides: the lines tagged `// error` are the ones it rejects and check reports them; the rest
 * (doOnNext, a block that returns or throws, an overloaded submit(..), static methods of other
 * parameters) compiles and checks clean.
 */
test('block lambdas without a value where one is returned, static methods over instance ones: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'VoidIfs.java': `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.event.TextBlockDeltaEvent;
import io.agentscope.core.message.Msg;

public class VoidIfs {
  void f(ReActAgent agent, Msg msg) {
    agent.streamEvents(msg).map(event -> { // error
      if (event instanceof TextBlockDeltaEvent e) {
        System.out.print(e.getDelta());
      }
    }).blockLast();
    agent.streamEvents(msg).map(event -> { // error
      if (event instanceof TextBlockDeltaEvent e) {
        System.out.print(e.getDelta());
      } else if (event != null) {
        System.out.print(event);
      }
    }).blockLast();
    agent.streamEvents(msg).map(event -> {
      if (event instanceof TextBlockDeltaEvent e) {
        return e;
      } else {
        throw new IllegalStateException();
      }
    }).blockLast();
    agent.streamEvents(msg).map(event -> {
      if (event != null) {
        throw new IllegalStateException();
      } else {
        throw new IllegalArgumentException();
      }
    }).blockLast();
    agent.streamEvents(msg).map(event -> {
      while (true) { }
    }).blockLast();
    agent.streamEvents(msg).doOnNext(event -> {
      if (event instanceof TextBlockDeltaEvent e) {
        System.out.print(e.getDelta());
      }
    }).blockLast();
  }
}
`, 'VoidRefs.java': `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.message.Msg;
import java.util.List;
import java.util.concurrent.Executors;

public class VoidRefs {
  static void print(AgentEvent e) { System.out.println(e); }
  static AgentEvent same(AgentEvent e) { return e; }
  void run(ReActAgent agent, Msg msg, List<AgentEvent> evs) {
    agent.streamEvents(msg).doOnNext(VoidRefs::print).blockLast();
    agent.streamEvents(msg).map(VoidRefs::same).blockLast();
    evs.forEach(VoidRefs::print);
    evs.stream().map(VoidRefs::print).toList(); // error
    Executors.newSingleThreadExecutor().submit(() -> print(null));
  }
}
`, 'VoidLambdas.java': `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.event.AgentEvent;
import io.agentscope.core.message.Msg;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;

public class VoidLambdas {
  void f(ReActAgent agent, Msg msg, List<Msg> msgs) {
    List<AgentEvent> seen = new ArrayList<>();
    agent.streamEvents(msg)
        .map( // error
            event -> {
              seen.add(event);
            })
        .blockLast();
    agent.streamEvents(msg).doOnNext(event -> { seen.add(event); }).blockLast();
    agent.streamEvents(msg).map(event -> { seen.add(event); return event; }).blockLast();
    agent.streamEvents(msg).map(event -> { throw new IllegalStateException(); }).blockLast();
    agent.call(msg).map(m -> { String t = m.getTextContent(); return t; }).block();
    agent.call(msg).map(m -> { String t = m.getTextContent(); }).block(); // error
    msgs.forEach(m -> { seen.clear(); });
    msgs.stream().map(m -> { seen.clear(); }).toList(); // error
    Executors.newSingleThreadExecutor().submit(() -> { seen.clear(); });
    agent.call(msg).subscribe(m -> { seen.clear(); });
    agent.call(msg).flatMap(m -> { seen.clear(); }).block(); // error
  }
}
`, 'StaticOverrides.java': `package demo;

import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.tool.AgentTool;
import io.agentscope.core.tool.ToolCallParam;
import java.util.Map;
import reactor.core.publisher.Mono;

public abstract class StaticOverrides implements AgentTool {
    public static Mono<ToolResultBlock> callAsync(ToolCallParam param) { // error
        return Mono.empty();
    }
    public static String getName(String other) { return other; }
    public static Map<String, Object> parameters() { return Map.of(); }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);

/** A lambda where the parameter is a class or an interface of several abstract methods (a Model, a Path, a Msg, Jackson's JsonNode): javac's "no suitable method found". */
test('a lambda given for a value: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'LambdaValues.java': `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.message.Msg;
import io.agentscope.core.model.Model;
import io.agentscope.harness.agent.filesystem.local.LocalFilesystem;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

public class LambdaValues {
    void run(Model model, Path workspace, ReActAgent agent, Msg msg) {
        new LocalFilesystem(() -> workspace); // error
        ReActAgent.builder().name("a").model(() -> model).build(); // error
        agent.call(() -> msg).block(); // error
        Supplier<Msg> s = () -> msg;
        Runnable r = () -> agent.call(msg).block();
        Iterable<Msg> it = () -> List.of(msg).iterator();
        Comparable<String> c = o -> 0;
    }
}
` }, { artifacts: ['agentscope-harness'] });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);
