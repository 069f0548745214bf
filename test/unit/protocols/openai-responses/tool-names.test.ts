import { describe, expect, it } from 'vitest';
import { MAX_TOOL_NAME_LENGTH, ToolNameMap, flatName } from '../../../../relay/protocols/openai-responses/tool-names.js';

const valid = (name: string) => name.length <= MAX_TOOL_NAME_LENGTH && /^[a-zA-Z0-9_-]+$/.test(name);

describe('namespaced tool names: flatten and back', () => {
  it('joins namespace and tool with a double underscore, and maps it back', () => {
    const names = new ToolNameMap();
    expect(names.flatten('multi_agent_v1', 'spawn_agent')).toBe('multi_agent_v1__spawn_agent');
    expect(names.unflatten('multi_agent_v1__spawn_agent')).toEqual({ name: 'spawn_agent', namespace: 'multi_agent_v1' });
    // The same pair gives the same name again (history and tools agree).
    expect(names.flatten('multi_agent_v1', 'spawn_agent')).toBe('multi_agent_v1__spawn_agent');
  });

  it('leaves plain names alone, even those that look namespaced', () => {
    const names = new ToolNameMap();
    names.addPlain('mcp__server__tool');
    expect(names.unflatten('mcp__server__tool')).toEqual({ name: 'mcp__server__tool' });
    expect(names.unflatten('never_seen__name')).toEqual({ name: 'never_seen__name' });
    expect(names.flatten(undefined, 'exec_command')).toBe('exec_command');
  });

  it('keeps names valid for every upstream: long or odd names are cut and hashed, still unique and reversible', () => {
    const names = new ToolNameMap();
    const long = names.flatten('a_really_long_namespace_name_for_tools', 'and_an_even_longer_tool_name_inside_it');
    const long2 = names.flatten('a_really_long_namespace_name_for_tools', 'and_an_even_longer_tool_name_inside_it_too');
    const odd = names.flatten('crm.v2', 'find customer');
    for (const name of [long, long2, odd]) expect(valid(name)).toBe(true);
    expect(long).not.toBe(long2);
    expect(long).toBe(flatName('a_really_long_namespace_name_for_tools', 'and_an_even_longer_tool_name_inside_it'));
    expect(names.unflatten(long)).toEqual({ name: 'and_an_even_longer_tool_name_inside_it', namespace: 'a_really_long_namespace_name_for_tools' });
    expect(names.unflatten(odd)).toEqual({ name: 'find customer', namespace: 'crm.v2' });
  });

  it('does not take the name of a plain tool', () => {
    const names = new ToolNameMap();
    names.addPlain('crm__find');
    const flat = names.flatten('crm', 'find');
    expect(flat).not.toBe('crm__find');
    expect(valid(flat)).toBe(true);
    expect(names.unflatten('crm__find')).toEqual({ name: 'crm__find' });
    expect(names.unflatten(flat)).toEqual({ name: 'find', namespace: 'crm' });
  });

  it('finds a namespaced tool by its bare name when that is unambiguous', () => {
    const names = new ToolNameMap();
    names.flatten('crm', 'find');
    names.flatten('crm', 'update');
    names.flatten('erp', 'update');
    expect(names.findByBareName('find')).toBe('crm__find');
    expect(names.findByBareName('update')).toBeUndefined();
  });
});
