import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

describe('EmailAddress', () => {
  it('offers its line break before the @, and reads as the whole address', () => {
    const { container } = render(<EmailAddress address="camille.dupont@demo.cursus.example" />);
    const span = container.querySelector('span')!;
    expect(span.textContent).toBe('camille.dupont@demo.cursus.example');
    expect(span.innerHTML).toBe('camille.dupont<wbr>@demo.cursus.example');
  });

  it('leaves a text without @ (a refused import line) as it is', () => {
    const { container } = render(<EmailAddress address="pas-une-adresse" />);
    expect(container.querySelector('span')!.innerHTML).toBe('pas-une-adresse');
  });
});
