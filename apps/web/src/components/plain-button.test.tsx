import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PlainButton } from './plain-button.tsx';

// PlainButton stands for MUI's Button on the pages drawn without MUI: a busy one must not take a
// second tap, and must say it is busy to a screen reader.

describe('PlainButton', () => {
  it('while loading is disabled, busy, and shows a spinner before its label', async () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <PlainButton variant="contained" loading onClick={onClick}>
        Activar
      </PlainButton>,
    );
    const button = screen.getByRole('button', { name: 'Activar' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.querySelector('.spinner')).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();

    rerender(
      <PlainButton variant="contained" onClick={onClick}>
        Activar
      </PlainButton>,
    );
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button.querySelector('.spinner')).toBeNull();
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('stays disabled when asked, loading or not', () => {
    render(
      <PlainButton variant="outlined" disabled>
        Ver ruta activa
      </PlainButton>,
    );
    expect(screen.getByRole('button', { name: 'Ver ruta activa' })).toBeDisabled();
  });
});
