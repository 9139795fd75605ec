import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * An operator whose result is its lambda's R alone (`map(k -> ToolResultBlock.text(k))` is a
 * Mono<ToolResultBlock> whatever the receiver's element) keeps the chain exact after an element
 * the checker cannot type (a `Map.Entry` from a `fromCallable`, a `flatMap` of it). javac decides (AS013).
 */
const BROKEN = `package demo;

import io.agentscope.core.message.ToolResultBlock;
import java.util.Map;
import reactor.core.publisher.Mono;

public class Broken {
    Mono<String> entries() {
        return Mono.fromCallable(() -> Map.entry("a", 1))
                .flatMap(e -> Mono.just(e.getKey()))
                .map(k -> ToolResultBlock.text(k))
                .onErrorResume(error -> Mono.just(ToolResultBlock.error("e"))); // error
    }
}
`;
const CLEAN = `package demo;

import io.agentscope.core.message.ToolResultBlock;
import java.util.Map;
import reactor.core.publisher.Mono;

public class Clean {
    Mono<ToolResultBlock> entries() {
        return Mono.fromCallable(() -> Map.entry("a", 1))
                .flatMap(e -> Mono.just(e.getKey()))
                .map(k -> ToolResultBlock.text(k))
                .onErrorResume(error -> Mono.just(ToolResultBlock.error("e")));
    }
    Mono<Object> wider() {
        return Mono.fromCallable(() -> Map.entry("a", 1))
                .map(e -> ToolResultBlock.text(e.getKey()))
                .map(b -> (Object) b);
    }
}
`;

test('a chain stays exact through an operator whose result is its lambda’s R alone: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
