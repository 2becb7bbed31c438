import type { ForumPerson } from '@cursus/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MentionTextarea } from './mention-textarea';

const PEOPLE: ForumPerson[] = [
  { id: 'julien', fullName: 'Julien Moreau' },
  { id: 'sophie', fullName: 'Sophie Lambert' },
  { id: 'helene', fullName: 'Hélène Durand' },
];

function Harness({ onPick }: { onPick: (person: ForumPerson) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="message">Message</label>
      <MentionTextarea id="message" value={value} onChange={setValue} people={PEOPLE} onPick={onPick} />
    </>
  );
}

function type(text: string) {
  const box = screen.getByRole('combobox', { name: 'Message' }) as HTMLTextAreaElement;
  fireEvent.change(box, { target: { value: text, selectionStart: text.length, selectionEnd: text.length } });
  return box;
}

describe('the @mention picker', () => {
  it('offers the trainers whose name starts with what follows @, and picks one with the keyboard', () => {
    const onPick = vi.fn();
    render(<Harness onPick={onPick} />);
    const box = type('Merci @s');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Sophie Lambert']);

    type('Merci @');
    expect(screen.getAllByRole('option')).toHaveLength(3);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    expect(screen.getByRole('option', { name: 'Sophie Lambert' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter' });

    expect(onPick).toHaveBeenCalledWith({ id: 'sophie', fullName: 'Sophie Lambert' });
    expect(box.value).toBe('Merci @Sophie Lambert ');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('finds a name whatever its accents, by any of its words', () => {
    render(<Harness onPick={vi.fn()} />);
    type('@helene');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Hélène Durand']);
    type('@dur');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Hélène Durand']);
  });

  it('stays closed for an address, an unknown name, or after Escape', () => {
    render(<Harness onPick={vi.fn()} />);
    const box = type('julien@exemple.fr');
    expect(screen.queryByRole('listbox')).toBeNull();
    type('@zorro');
    expect(screen.queryByRole('listbox')).toBeNull();
    type('@j');
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('picks with the mouse too', () => {
    const onPick = vi.fn();
    render(<Harness onPick={onPick} />);
    const box = type('Voir avec @ju');
    fireEvent.mouseDown(screen.getByRole('option', { name: 'Julien Moreau' }));
    expect(onPick).toHaveBeenCalledWith({ id: 'julien', fullName: 'Julien Moreau' });
    expect(box.value).toBe('Voir avec @Julien Moreau ');
  });
});
