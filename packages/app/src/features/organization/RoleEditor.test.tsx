import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleName } from '@payportal/shared/identity';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoleEditor } from './RoleEditor.tsx';

afterEach(cleanup);

describe('RoleEditor (only assignable roles change)', () => {
  it('offers every role but lets the owner change only the assignable ones', () => {
    render(
      <RoleEditor
        legend="Roles"
        assignableRoles={['query', 'upload']}
        value={['revenue_optimizer']}
        onChange={() => {}}
      />,
    );
    const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
    expect(box('Query').disabled).toBe(false);
    expect(box('Upload').disabled).toBe(false);
    expect(box('Owner').disabled).toBe(true);
    expect(box('Revenue optimizer (embedded)').disabled).toBe(true);
    expect(box('Revenue optimizer (embedded)').checked).toBe(true);
  });

  it('reports the new set in role-table order when a role is ticked or cleared', async () => {
    const onChange = vi.fn<(roles: RoleName[]) => void>();
    const { rerender } = render(
      <RoleEditor legend="Roles" assignableRoles={['query', 'upload']} value={['upload']} onChange={onChange} />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Query' }));
    expect(onChange).toHaveBeenLastCalledWith(['query', 'upload']);
    rerender(
      <RoleEditor
        legend="Roles"
        assignableRoles={['query', 'upload']}
        value={['query', 'upload']}
        onChange={onChange}
      />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Upload' }));
    expect(onChange).toHaveBeenLastCalledWith(['query']);
  });
});
