import { describe, expect, it } from 'vitest';
import { writeAccessFor } from './writeAccess.ts';

const owner = { id: 5, name: 'Olivia Owner' };

describe('writeAccessFor', () => {
  it('[X2] lets the person save a new export, and save, run and delete one they may edit', () => {
    expect(writeAccessFor({ impersonatedBy: null, impersonationReadOnly: null, definition: null })).toEqual({
      canSave: true,
      canDelete: false,
      canRun: true,
      reason: null,
    });
    expect(
      writeAccessFor({ impersonatedBy: null, impersonationReadOnly: null, definition: { can_edit: true, owner } }),
    ).toEqual({ canSave: true, canDelete: true, canRun: true, reason: null });
  });

  it('[X2][X17] someone else’s export: run only, and the owner is named', () => {
    const access = writeAccessFor({
      impersonatedBy: null,
      impersonationReadOnly: null,
      definition: { can_edit: false, owner },
    });
    expect(access).toMatchObject({ canSave: false, canDelete: false, canRun: true });
    expect(access.reason).toContain(
      'Only Olivia Owner, who saved this export, or an organization owner can change it.',
    );
  });

  it('[X1][X17] read-only support (and support before the first exchange says otherwise) changes nothing', () => {
    for (const impersonationReadOnly of [true, null]) {
      const access = writeAccessFor({
        impersonatedBy: 'support@payportal.example',
        impersonationReadOnly,
        definition: { can_edit: true, owner },
      });
      expect(access).toMatchObject({ canSave: false, canDelete: false, canRun: false });
      expect(access.reason).toContain('support_write');
    }
  });

  it('[X1] support with support_write acts as the user would', () => {
    expect(
      writeAccessFor({
        impersonatedBy: 'lead@payportal.example',
        impersonationReadOnly: false,
        definition: { can_edit: true, owner },
      }).canSave,
    ).toBe(true);
  });
});
