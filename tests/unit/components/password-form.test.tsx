// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { PasswordForm } from '@/components/auth/password-form';
import { renderWithProviders } from '../../support/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REFUSAL =
  "The set-up token is missing or wrong: it is printed in the server's output (its console or log) when it starts.";

function fillOwner() {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'me@shop.example' } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a long and uncommon passphrase' } });
  fireEvent.change(screen.getByLabelText('Repeat the password'), {
    target: { value: 'a long and uncommon passphrase' },
  });
}

describe("the owner's set-up form", () => {
  it('asks for the set-up token, says where to find it, and starts with the one from the printed link', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ success: false, error: { code: 'WRONG_SETUP_TOKEN', message: REFUSAL } }, { status: 403 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<PasswordForm email={null} askName submitLabel="Create the owner" setupToken="tok-1" />);
    const field = screen.getByLabelText('Set-up token') as HTMLInputElement;
    expect(field.value).toBe('tok-1');
    expect(screen.getByText(/printed it in its output \(its console or log\) when it started/).id).toBe(
      field.getAttribute('aria-describedby'),
    );
    fillOwner();
    fireEvent.click(screen.getByRole('button', { name: 'Create the owner' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', REFUSAL);
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/dashboard/setup');
    expect(JSON.parse(String(init.body))).toMatchObject({ email: 'me@shop.example', token: 'tok-1' });
  });

  it('says the token is needed before sending anything when the field is empty', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<PasswordForm email={null} askName submitLabel="Create the owner" setupToken="" />);
    fillOwner();
    fireEvent.click(screen.getByRole('button', { name: 'Create the owner' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/Enter the set-up token/));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an invitation or a reset asks for no token', () => {
    renderWithProviders(<PasswordForm linkToken="x" email="ana@shop.example" askName submitLabel="Join" />);
    expect(screen.queryByLabelText('Set-up token')).toBeNull();
  });
});
