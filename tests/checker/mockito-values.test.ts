import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * Mockito's typed results: `mock(Model.class)` is exactly a Model (its T has an equality bound),
 * so it cannot be assigned to an unrelated type; and a stubbing's value of a decided other
 * publisher class (`thenReturn(Mono.just(resp))` where a Flux is stubbed) fits no `thenReturn`.
 * javac decides (AS013).
 */
const BROKEN = `package demo;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.agent.Agent;
import io.agentscope.core.model.ChatResponse;
import io.agentscope.core.model.Model;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

public class Broken {
    void stubbing() {
        Model model = mock(Model.class);
        ChatResponse resp = mock(ChatResponse.class);
        when(model.stream(any(), any(), any())).thenReturn(Mono.just(resp)); // error
    }
    void mocks() {
        String model = mock(Model.class); // error
        ReActAgent agent = mock(Agent.class); // error
    }
}
`;
const CLEAN = `package demo;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.agent.Agent;
import io.agentscope.core.model.ChatResponse;
import io.agentscope.core.model.Model;
import reactor.core.publisher.Flux;

public class Clean {
    void stubbing() {
        Model model = mock(Model.class);
        ChatResponse resp = mock(ChatResponse.class);
        when(model.stream(any(), any(), any())).thenReturn(Flux.just(resp));
    }
    void mocks() {
        Object model = mock(Model.class);
        Agent agent = mock(ReActAgent.class);
        String name = mock(Model.class).getModelName();
    }
}
`;

test('Mockito mocks and stubbings of the wrong type: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN }, { libraries: ['org.mockito:mockito-core:5.14.2'] });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
