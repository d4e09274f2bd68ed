/**
 * The orchestrator's choice (issue 18): which doctor an arriving study goes to. Pure and
 * deterministic — the same situation and study give the same decision — so the activity that
 * calls it can be retried and the property tests can replay 10,000 arrivals.
 *
 * - The study's filter is the first active filter (in the account's order) with one of its
 *   modalities.
 * - Only doctors on shift now and under the filter's limit of open studies are eligible, and
 *   only members of the filter (a user member, or a member of a medical-group member).
 * - A patient's open studies stay with one doctor: the doctor holding the patient's open study
 *   takes the new one when eligible.
 * - With the seniority rule, an urgent study goes to the most senior eligible doctor.
 * - Otherwise the filter's members share the studies by percentage with a deficit count
 *   (largest remainder): the slot furthest below its share of the filter's studies so far takes
 *   the next one, so the shares converge. What the percentages leave below 100 is a 'rest'
 *   slot: those studies stay undistributed, in the worklist for anyone.
 */
import type { Seniority } from '../account-users/schemas';
import type { FilterMember } from './filters';

export interface ChoiceFilter {
  id: string;
  name: string;
  modalities: readonly string[];
  members: readonly FilterMember[];
  seniority: boolean;
  limitPerDoctor: number | null;
}

export interface Doctor {
  id: string;
  name: string;
  seniority: Seniority | null;
  /** A role of the doctor that lets them write reports here is in its shift now. */
  onShift: boolean;
  /** Medical groups the doctor belongs to. */
  groups: readonly string[];
}

export interface ArrivingStudy {
  id: string;
  patientId: string;
  modalities: readonly string[];
  urgent: boolean;
  /** Epoch ms the routine's deadline falls at: the earlier one is placed first. */
  deadline: number;
  arrivedAt: number;
}

/** What one filter has given so far: per slot, and per doctor inside a group slot. */
export interface Tally {
  slots: Readonly<Record<string, number>>;
  inGroup: Readonly<Record<string, number>>;
}

export interface Situation {
  /** Active filters, in the account's order (the first match wins). */
  filters: readonly ChoiceFilter[];
  doctors: Readonly<Record<string, Doctor>>;
  /** Open (unsigned) studies each doctor holds now. */
  open: Readonly<Record<string, number>>;
  /** The doctor holding each patient's open studies. */
  patients: Readonly<Record<string, string>>;
  tallies: Readonly<Record<string, Tally>>;
}

export type DecisionReason = 'share' | 'patient' | 'seniority' | 'remainder' | 'noFilter' | 'nobodyAvailable';

export interface Decision {
  studyId: string;
  userId: string | null;
  filterId: string | null;
  filterName: string | null;
  /** 'user:{id}', 'group:{id}' or 'rest'; null when nothing was counted. */
  slot: string | null;
  reason: DecisionReason;
  /** The slot's share of the filter's studies after this one, and its target (percent). */
  share: { actual: number; target: number } | null;
}

export const REST_SLOT = 'rest';
const slotKey = (m: Pick<FilterMember, 'kind' | 'id'>) => `${m.kind}:${m.id}`;
const RANK: Record<Seniority, number> = { resident: 1, mid: 2, senior: 3 };
const rank = (d: Doctor) => (d.seniority ? RANK[d.seniority] : 0);
const EMPTY_TALLY: Tally = { slots: {}, inGroup: {} };
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

interface Slot {
  key: string;
  percentage: number;
  /** Position in the filter: ties go to the earlier member. */
  index: number;
  member: FilterMember | null;
}

function slotsOf(f: ChoiceFilter): Slot[] {
  const slots: Slot[] = f.members.map((m, index) => ({ key: slotKey(m), percentage: m.percentage, index, member: m }));
  const rest = 100 - f.members.reduce((s, m) => s + m.percentage, 0);
  if (rest > 0) slots.push({ key: REST_SLOT, percentage: rest, index: slots.length, member: null });
  return slots;
}

export function filterFor(s: Situation, study: ArrivingStudy): ChoiceFilter | null {
  return s.filters.find((f) => f.modalities.some((m) => study.modalities.includes(m))) ?? null;
}

/** The decision for one study; `place` records it. */
export function choose(s: Situation, study: ArrivingStudy): Decision {
  const filter = filterFor(s, study);
  const none = (reason: DecisionReason): Decision => ({
    studyId: study.id,
    userId: null,
    filterId: filter?.id ?? null,
    filterName: filter?.name ?? null,
    slot: null,
    reason,
    share: null,
  });
  if (!filter) return none('noFilter');
  const tally = s.tallies[filter.id] ?? EMPTY_TALLY;
  const slots = slotsOf(filter);
  const total = slots.reduce((n, sl) => n + (tally.slots[sl.key] ?? 0), 0);
  const deficit = (sl: Slot) => (sl.percentage / 100) * (total + 1) - (tally.slots[sl.key] ?? 0);

  const eligible = (d: Doctor | undefined): d is Doctor =>
    d !== undefined && d.onShift && (filter.limitPerDoctor === null || (s.open[d.id] ?? 0) < filter.limitPerDoctor);
  const doctorsOf = (sl: Slot): Doctor[] => {
    if (!sl.member) return [];
    const { kind, id } = sl.member;
    const found = kind === 'user' ? [s.doctors[id]] : Object.values(s.doctors).filter((d) => d.groups.includes(id));
    return found.filter(eligible).sort(byId);
  };
  /** The slot a doctor's study counts in: their own user slot first, else their first group's. */
  const slotOfDoctor = (d: Doctor) =>
    slots.find((sl) => sl.member?.kind === 'user' && sl.member.id === d.id) ??
    slots.find((sl) => sl.member?.kind === 'group' && d.groups.includes(sl.member.id));
  const decide = (d: Doctor | null, sl: Slot, reason: DecisionReason): Decision => ({
    studyId: study.id,
    userId: d?.id ?? null,
    filterId: filter.id,
    filterName: filter.name,
    slot: sl.key,
    reason,
    share: { actual: Math.round((((tally.slots[sl.key] ?? 0) + 1) / (total + 1)) * 1000) / 10, target: sl.percentage },
  });

  const holder = s.doctors[s.patients[study.patientId] ?? ''];
  if (eligible(holder)) {
    const sl = slotOfDoctor(holder);
    if (sl) return decide(holder, sl, 'patient');
  }

  if (filter.seniority && study.urgent) {
    const ranked = slots
      .flatMap((sl) => doctorsOf(sl).map((d) => ({ d, sl })))
      .sort((a, b) => rank(b.d) - rank(a.d) || deficit(b.sl) - deficit(a.sl) || a.sl.index - b.sl.index || byId(a.d, b.d));
    const top = ranked[0];
    if (top) return decide(top.d, slotOfDoctor(top.d) ?? top.sl, 'seniority');
  }

  const order = [...slots].sort((a, b) => deficit(b) - deficit(a) || a.index - b.index);
  for (const sl of order) {
    if (!sl.member) return decide(null, sl, 'remainder');
    const [first, ...others] = doctorsOf(sl);
    if (!first) continue;
    // Inside a group, the member who has had fewest of the group's studies (then by id).
    const count = (d: Doctor) => tally.inGroup[`${sl.key}|${d.id}`] ?? 0;
    const pick = others.reduce((best, d) => (count(d) < count(best) ? d : best), first);
    return decide(pick, sl, 'share');
  }
  return none('nobodyAvailable');
}

/** The situation after `d`: the slot counted, the doctor holding one more open study and the patient. */
export function place(s: Situation, study: ArrivingStudy, d: Decision): Situation {
  if (!d.filterId || !d.slot) return s;
  const tally = s.tallies[d.filterId] ?? EMPTY_TALLY;
  const slots = { ...tally.slots, [d.slot]: (tally.slots[d.slot] ?? 0) + 1 };
  const inGroup =
    d.userId && d.slot.startsWith('group:')
      ? { ...tally.inGroup, [`${d.slot}|${d.userId}`]: (tally.inGroup[`${d.slot}|${d.userId}`] ?? 0) + 1 }
      : tally.inGroup;
  const next: Situation = { ...s, tallies: { ...s.tallies, [d.filterId]: { slots, inGroup } } };
  if (!d.userId) return next;
  return {
    ...next,
    open: { ...s.open, [d.userId]: (s.open[d.userId] ?? 0) + 1 },
    patients: { ...s.patients, [study.patientId]: d.userId },
  };
}

/** Urgent first, then the earlier deadline, the earlier arrival, the id. */
export function arrivalOrder(a: ArrivingStudy, b: ArrivingStudy): number {
  return (
    Number(b.urgent) - Number(a.urgent) ||
    a.deadline - b.deadline ||
    a.arrivedAt - b.arrivedAt ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** Several waiting studies at once, urgent first: each decision sees the ones before it. */
export function distribute(s: Situation, studies: readonly ArrivingStudy[]): { decisions: Decision[]; situation: Situation } {
  const decisions: Decision[] = [];
  let situation = s;
  for (const study of [...studies].sort(arrivalOrder)) {
    const d = choose(situation, study);
    decisions.push(d);
    situation = place(situation, study, d);
  }
  return { decisions, situation };
}
