import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../permissions';
import { activityRights, mayNameTechnicians } from './rights';

const tech = { id: 1, superAdmin: false, permissions: ['EXTERNAL_ACTIVITY'] };
const other = { id: 2, superAdmin: false, permissions: ['EXTERNAL_ACTIVITY'] };
const dispatcher = { id: 3, superAdmin: false, permissions: ['EXTERNAL_ACTIVITY', 'EXTERNAL_ACTIVITY_DISPATCH'] };
const reader = { id: 4, superAdmin: false, permissions: ['EXTERNAL_ACTIVITY.INDEX', 'EXTERNAL_ACTIVITY_DISPATCH.INDEX'] };
const admin = { id: 5, superAdmin: true, permissions: [] };

describe('work order rights', () => {
  it('is a catalogue permission with its .INDEX form', () => {
    expect(ALL_PERMISSIONS).toContain('EXTERNAL_ACTIVITY_DISPATCH');
    expect(ALL_PERMISSIONS).toContain('EXTERNAL_ACTIVITY_DISPATCH.INDEX');
  });

  it('gives the on-site work to the assigned technicians only, dispatch to dispatchers and to the order\'s own technicians', () => {
    const order = { technician_ids: [1], created_by: 3 };
    expect(activityRights(tech, order)).toEqual({ work: true, dispatch: true, edit: true });
    expect(activityRights(other, order)).toEqual({ work: false, dispatch: false, edit: false });
    expect(activityRights(dispatcher, order)).toEqual({ work: false, dispatch: true, edit: true });
    expect(activityRights(reader, order)).toEqual({ work: false, dispatch: false, edit: false });
    expect(activityRights(admin, order)).toEqual({ work: true, dispatch: true, edit: true });
  });

  it('lets the creator edit while nobody is assigned, and only name himself', () => {
    expect(activityRights(other, { technician_ids: [], created_by: { id: 2 } })).toEqual({ work: false, dispatch: false, edit: true });
    expect(activityRights(other, { technician_ids: [1], created_by: 2 }).edit).toBe(false);
    expect(activityRights(tech, { technician_ids: [], created_by: 2 }).edit).toBe(false);
    expect(mayNameTechnicians(other, [])).toBe(true);
    expect(mayNameTechnicians(other, [2, 1])).toBe(true);
    expect(mayNameTechnicians(other, [1])).toBe(false);
    expect(mayNameTechnicians(dispatcher, [1])).toBe(true);
  });
});
