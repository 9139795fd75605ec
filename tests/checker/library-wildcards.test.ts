import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * An on-demand import of a library package does not bring a moved AgentScope type: Spring's
 * `org.springframework.context.annotation.*` holds no DashScopeChatModel, so with the 1.x
 * `io.agentscope.core.model.*` beside it the name resolves to nothing, at each use (AS011), as
 * javac reports. The classes of such packages are listed whole (library-types.ts); beside an
 * on-demand import of any other third-party package the name may still resolve, and is not judged.
 * javac decides.
 */
const MOVED = `package demo;

import io.agentscope.core.model.*;
import org.springframework.context.annotation.*;

@Configuration
public class Moved {
    @Bean
    public DashScopeChatModel chatModel() { // error
        return DashScopeChatModel.builder().apiKey("k").modelName("qwen").build(); // error
    }
}
`;

const CLEAN = `package demo;

import io.agentscope.extensions.model.dashscope.DashScopeChatModel;
import org.springframework.context.annotation.*;

@Configuration
@Lazy
public class Clean {
    @Bean
    @Primary
    public DashScopeChatModel chatModel() {
        return DashScopeChatModel.builder().apiKey("k").modelName("qwen").build();
    }
}
`;

test('a listed library package imported on demand does not hide a moved AgentScope type: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Moved.java': MOVED, 'Clean.java': CLEAN }, { artifacts: ['agentscope-core', 'agentscope-extensions-model-dashscope'], libraries: ['org.springframework:spring-context:6.1.14'] });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS011' && f.suggestion === 'import io.agentscope.extensions.model.dashscope.DashScopeChatModel;')).toBe(true);
}, 240_000);
