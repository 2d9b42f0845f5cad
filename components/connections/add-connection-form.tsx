'use client';

import type { FormEvent } from 'react';
import { callApi } from '@/lib/endpoints/client';
import { Notice } from '@/components/team/notice';
import { said, useConnectionAction } from './connection-api';

function formFields(form: HTMLFormElement) {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  return { name: text('name'), baseUrl: text('baseUrl'), appKey: text('appKey'), appSecret: text('appSecret') };
}

/** Test or add a key; the result is said under the two buttons. The secret is cleared once stored. */
export function AddConnectionForm() {
  const { act, pending, message } = useConnectionAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = formFields(form);
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === 'test') {
      const { name: _name, ...credentials } = body;
      await act(() => callApi('POST connections/test', { body: credentials }), said);
      return;
    }
    const added = await act(
      () => callApi('POST connections', { body }),
      (r) => ({ kind: 'info', text: `Added “${r.connection.name}”. ${r.test.message}` }),
    );
    if (added) form.reset();
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="cost-form" noValidate>
      <div className="field">
        <label htmlFor="connection-name">Name</label>
        <input id="connection-name" name="name" className="input" maxLength={80} placeholder="Client B (EU)" />
      </div>
      <div className="field">
        <label htmlFor="connection-url">Base URL</label>
        <input
          id="connection-url"
          name="baseUrl"
          className="input"
          type="url"
          inputMode="url"
          placeholder="https://reporting.example.com"
        />
      </div>
      <div className="field">
        <label htmlFor="connection-key">App key</label>
        <input id="connection-key" name="appKey" className="input mono" autoComplete="off" spellCheck={false} />
      </div>
      <div className="field">
        <label htmlFor="connection-secret">App secret</label>
        <input
          id="connection-secret"
          name="appSecret"
          className="input mono"
          type="password"
          autoComplete="new-password"
          spellCheck={false}
        />
      </div>
      <div className="form-actions">
        <button type="submit" name="action" value="test" className="btn" disabled={pending}>
          Test connection
        </button>
        <button type="submit" name="action" value="add" className="btn btn-primary" disabled={pending}>
          Add connection
        </button>
      </div>
      <Notice message={message} />
    </form>
  );
}
