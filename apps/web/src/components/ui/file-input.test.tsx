import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { FileInput } from './file-input';

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('FileInput', () => {
  it('speaks the app’s language, not the browser’s, and names the file chosen', () => {
    const onChange = vi.fn();
    renderWithProviders(
      <>
        <label htmlFor="proof">Fichier de preuve</label>
        <FileInput id="proof" accept=".pdf" onChange={onChange} />
      </>,
    );
    expect(screen.getByText('Choisir un fichier')).toBeTruthy();
    expect(screen.getByText('Aucun fichier choisi')).toBeTruthy();
    // The native input stays the control, labelled by its field.
    const input = screen.getByLabelText('Fichier de preuve') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('.pdf');
    fireEvent.change(input, { target: { files: [pdf('analyse.pdf')] } });
    expect(screen.getByText('analyse.pdf')).toBeTruthy();
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('offers several files when it takes several, and lists them', () => {
    renderWithProviders(<FileInput aria-label="Pièces" multiple />);
    expect(screen.getByText('Choisir des fichiers')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Pièces'), { target: { files: [pdf('a.pdf'), pdf('b.pdf')] } });
    expect(screen.getByText('a.pdf, b.pdf')).toBeTruthy();
  });
});
