import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * The JDK values a tool's code makes most, typed where they meet AgentScope API: `String.valueOf(n)`
 * passed where an int is declared, `Duration.ofSeconds(3)` where a Map is, and a JDK method's
 * result on a chain an AgentScope call began (`String city = param.getInput().get("city")`: an
 * Object), `List.of(text)` where a `List<ContentBlock>` is declared (javac infers E from both), and `==` between an AgentScope type and a String or number ("incomparable types").
 * javac decides: Broken.java's lines tagged `// error` are the ones it rejects, and
 * check reports them; Clean.java compiles and checks clean.
 */
const HEAD = `package demo;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.tool.ToolCallParam;
import io.agentscope.core.tool.mcp.McpClientWrapper;
import java.time.Duration;
import java.util.List;
import java.util.Map;
`;
const BROKEN = `${HEAD}
public class Broken {
    void f(ToolCallParam param, McpClientWrapper c, Msg m, int n, String s) {
        ReActAgent.builder().maxIters(String.valueOf(n)); // error
        ReActAgent.builder().maxIters(s.trim()); // error
        ReActAgent.builder().sysPrompt(s.length()); // error
        c.callTool("read_file", Map.of("path", "/tmp"), Duration.ofSeconds(3)); // error
        String city = param.getInput().get("city"); // error
        int days = param.getInput().get("days"); // error
        boolean b = m.getTextContent().length(); // error
        boolean user = m.getRole() == "USER"; // error
        if (m.getRole() != 1) return; // error
        Msg.builder().content(List.of(s)); // error
        new io.agentscope.core.message.UserMessage(List.of("hello")); // error
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    void f(ToolCallParam param, McpClientWrapper c, Msg m, int n, String s) {
        ReActAgent.builder().maxIters(Integer.parseInt(s.trim()));
        ReActAgent.builder().sysPrompt(String.format("x %d", n)).name(s.toLowerCase());
        c.callTool("read_file", Map.of("path", "/tmp"));
        Object city = param.getInput().get("city");
        String cast = (String) param.getInput().get("city");
        String text = String.valueOf(param.getInput().get("city"));
        Map<String, Object> input = param.getInput();
        int size = m.getTextContent().length();
        long wide = m.getTextContent().length();
        boolean blank = m.getTextContent().isBlank();
        Duration d = Duration.ofMillis(5);
        boolean user = m.getRole() == io.agentscope.core.message.MsgRole.USER;
        boolean same = m.getTextContent() == "x";
        boolean none = m.getRole() == null;
        Msg.builder().content(List.of(io.agentscope.core.message.TextBlock.builder().text(s).build()));
        Msg.builder().content(List.of());
    }
}
`;

test('JDK values meeting AgentScope API: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
  expect(v.findings.every((f) => f.rule === 'AS007' || f.rule === 'AS013')).toBe(true);
}, 240_000);
