import { describe, expect, it } from 'vitest';
import { isEmbeddableMeeting } from './group-sessions.ts';

describe('isEmbeddableMeeting', () => {
  it('frames Jitsi and Whereby rooms only, over https', () => {
    expect(isEmbeddableMeeting('https://meet.jit.si/atelier-excel')).toBe(true);
    expect(isEmbeddableMeeting('https://MEET.jit.si/Atelier')).toBe(true);
    expect(isEmbeddableMeeting('https://whereby.com/salle')).toBe(true);
    expect(isEmbeddableMeeting('https://cursus.whereby.com/salle?embed')).toBe(true);
    expect(isEmbeddableMeeting('http://meet.jit.si/atelier')).toBe(false);
    expect(isEmbeddableMeeting('https://meet.jit.si.evil.example/x')).toBe(false);
    expect(isEmbeddableMeeting('https://evilwhereby.com/x')).toBe(false);
    expect(isEmbeddableMeeting('https://user@meet.jit.si/x')).toBe(false);
    expect(isEmbeddableMeeting('https://bbb.mon-organisme.fr/b/abc')).toBe(false);
    expect(isEmbeddableMeeting('javascript:alert(1)')).toBe(false);
  });
});
