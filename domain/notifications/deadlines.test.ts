import { deadlinePoints, dueCrossing, minutesLate } from './deadlines';

const arrival = new Date('2026-11-27T10:00:00Z');
const points = deadlinePoints(arrival, 120, 30);

it('places the deadline at arrival + duration and the alert point alert minutes before it', () => {
  expect(points.deadline.toISOString()).toBe('2026-11-27T12:00:00.000Z');
  expect(points.alertAt.toISOString()).toBe('2026-11-27T11:30:00.000Z');
});

it('raises nothing before the alert point, the alert between it and the deadline, overdue from the deadline on', () => {
  expect(dueCrossing(points, new Date('2026-11-27T11:29:59Z'))).toBeNull();
  expect(dueCrossing(points, new Date('2026-11-27T11:30:00Z'))).toBe('alert');
  expect(dueCrossing(points, new Date('2026-11-27T11:59:59Z'))).toBe('alert');
  expect(dueCrossing(points, new Date('2026-11-27T12:00:00Z'))).toBe('overdue');
  expect(dueCrossing(points, new Date('2026-11-27T14:00:00Z'))).toBe('overdue');
});

it('counts whole minutes late, never negative', () => {
  expect(minutesLate(points.deadline, new Date('2026-11-27T14:00:30Z'))).toBe(120);
  expect(minutesLate(points.deadline, new Date('2026-11-27T11:00:00Z'))).toBe(0);
});
