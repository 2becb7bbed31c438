import { describe, expect, it } from 'vitest';
import { canSend, GREETING_ID, getAssistantSpace, isSendKey, showsQuickPrompts } from './chat-rules';

describe('the chat rules (SPEC 5)', () => {
  it('sends non-empty trimmed text, signed in, with no request in progress', () => {
    expect(canSend({ text: ' Bonjour ', isSignedIn: true, isSending: false })).toBe(true);
    expect(canSend({ text: '  \n ', isSignedIn: true, isSending: false })).toBe(false);
    expect(canSend({ text: 'Bonjour', isSignedIn: false, isSending: false })).toBe(false);
    expect(canSend({ text: 'Bonjour', isSignedIn: true, isSending: true })).toBe(false);
  });

  it('sends on Enter, never on Shift+Enter or while composing', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: 'a', shiftKey: false })).toBe(false);
  });

  it('shows the quick prompts only while the greeting is the only message', () => {
    expect(showsQuickPrompts([])).toBe(false);
    expect(showsQuickPrompts([{ id: GREETING_ID }])).toBe(true);
    expect(showsQuickPrompts([{ id: GREETING_ID }, { id: 'u1' }])).toBe(false);
    expect(showsQuickPrompts([{ id: 'u1' }])).toBe(false);
  });

  it.each([
    ['/dashboard', 'student', 'student_space'],
    ['/formations/abc', 'student', 'student_space'],
    ['/trainer/dashboard', 'trainer', 'organization_space'],
    ['/trainer', 'trainer', 'organization_space'],
    ['/admin/health', 'admin', 'organization_space'],
    ['/create-formation', 'trainer', 'organization_space'],
    ['/trainers-guide', 'trainer', null],
    ['/trainer/dashboard', 'student', null],
    ['/profile', 'trainer', null],
  ] as const)('%s as %s: %s', (pathname, role, space) => {
    expect(getAssistantSpace(pathname, role)).toBe(space);
  });
});
