import { describe, expect, test } from 'vitest'
import {
  assignmentProblem,
  cardKey,
  cardsComplete,
  deployedBy,
  earliestStart,
  effectiveDates,
  hasUnsavedChanges,
  interchangePeople,
  isSite,
  mappingTotals,
  outsideInterchange,
  plannedSources,
  remainingPeople,
  requirement,
  requirementLabel,
  resizeNames,
  rollUp,
  taggingMessages,
  taggingRequirement,
  type CardState,
  type IsoDate,
  type PlanItem,
  type RollUpInput,
} from '#domain/planning/project-plan'

// Every expected figure below is worked out by hand from the spec (spec/administration-planning.md §5, §9); none is recomputed
// with the function under test.

type Source = readonly [people: number, entityId: string, clusterId: string]
const item = (clusterIds: string | readonly string[], plannedPeople: number, sources: readonly Source[] = []): PlanItem => ({
  clusterIds: typeof clusterIds === 'string' ? [clusterIds] : clusterIds,
  plannedPeople,
  interchanges: sources.map(([interchangePeople, entityId, clusterId]) => ({ interchangePeople, interchangeFrom: { entityId, clusterId } })),
})

describe('Project Resource Planning: Remaining People, Interchange People, Requirement "a + b = total"', () => {
  test('no interchange: everyone planned remains; the requirement is planned × Number', () => {
    const excavation = item('excavation', 6)
    expect(remainingPeople(excavation)).toBe(6)
    expect(interchangePeople(excavation)).toBe(0)
    expect(requirement(excavation, 1)).toEqual({ direct: 6, interchange: 0, total: 6 })
    expect(requirementLabel(requirement(excavation, 1))).toBe('6 + 0 = 6')
    expect(requirementLabel(requirement(excavation, 3))).toBe('18 + 0 = 18')
  })

  test('interchange from one source: planned 10 with 4 interchanged is 6 + 4, times Number', () => {
    const framing = item('framing', 10, [[4, 'villa', 'framing']])
    expect(remainingPeople(framing)).toBe(6)
    expect(interchangePeople(framing)).toBe(4)
    expect(requirement(framing, 1)).toEqual({ direct: 6, interchange: 4, total: 10 })
    expect(requirementLabel(requirement(framing, 1))).toBe('6 + 4 = 10')
    expect(requirement(framing, 3)).toEqual({ direct: 18, interchange: 12, total: 30 })
    expect(requirementLabel(requirement(framing, 3))).toBe('18 + 12 = 30')
  })

  test('interchange from several sources adds up: planned 10 with 3 and 2 interchanged is 5 + 5', () => {
    const framing = item('framing', 10, [
      [3, 'villa', 'framing'],
      [2, 'tower', 'roofing'],
    ])
    expect(remainingPeople(framing)).toBe(5)
    expect(interchangePeople(framing)).toBe(5)
    expect(requirementLabel(requirement(framing, 1))).toBe('5 + 5 = 10')
    expect(requirementLabel(requirement(framing, 2))).toBe('10 + 10 = 20')
  })

  test('everyone interchanged: nothing remains, the requirement is all interchange', () => {
    const slab = item('slab', 4, [[4, 'villa', 'slab']])
    expect(remainingPeople(slab)).toBe(0)
    expect(requirementLabel(requirement(slab, 5))).toBe('0 + 20 = 20')
  })

  test('a group row (two clusters planned together) counts once, like a single cluster', () => {
    const plinthAndSlab = item(['plinth', 'slab'], 8, [[3, 'villa', 'plinth']])
    expect(remainingPeople(plinthAndSlab)).toBe(5)
    expect(interchangePeople(plinthAndSlab)).toBe(3)
    expect(requirement(plinthAndSlab, 2)).toEqual({ direct: 10, interchange: 6, total: 16 })
    expect(requirementLabel(requirement(plinthAndSlab, 2))).toBe('10 + 6 = 16')
  })

  test('zero planned: 0 + 0 = 0 whatever the Number', () => {
    const roofing = item('roofing', 0)
    expect(remainingPeople(roofing)).toBe(0)
    expect(interchangePeople(roofing)).toBe(0)
    expect(requirementLabel(requirement(roofing, 1))).toBe('0 + 0 = 0')
    expect(requirementLabel(requirement(roofing, 4))).toBe('0 + 0 = 0')
  })

  test('an interchange past planned (refused when saved, but old data may hold it) never asks for more than planned', () => {
    const plinth = item('plinth', 3, [[5, 'villa', 'plinth']])
    expect(remainingPeople(plinth)).toBe(0)
    expect(interchangePeople(plinth)).toBe(3)
    expect(requirementLabel(requirement(plinth, 2))).toBe('0 + 6 = 6')
  })
})

describe('User Entity Mapping: Requirement is remaining plus outside interchange', () => {
  // The project's plan: a Site card with Excavation and the group Plinth + Slab; a Tower card with Framing.
  const plan = [
    { entityId: 'site', items: [item('excavation', 4), item(['plinth', 'slab'], 6)] },
    { entityId: 'tower', items: [item('framing', 10)] },
  ]
  const inPlan = plannedSources(plan)

  test('plannedSources lists every (entity type, cluster) of the plan, groups opened', () => {
    expect(inPlan).toEqual(new Set(['site/excavation', 'site/plinth', 'site/slab', 'tower/framing']))
    expect(plannedSources([])).toEqual(new Set())
  })

  test('interchanges all from inside the plan are tagged at their source: only the remaining people are tagged here', () => {
    // Slab is in the plan only as part of the Site card's group.
    const framing = item('framing', 10, [
      [3, 'site', 'excavation'],
      [1, 'site', 'slab'],
    ])
    expect(outsideInterchange(framing, inPlan)).toBe(0)
    expect(taggingRequirement(framing, inPlan)).toEqual({ direct: 6, interchange: 0, total: 6 })
  })

  test('interchanges all from outside the plan are tagged here too', () => {
    // Villa is not in the plan at all; Tower is, but not its Roofing; Excavation is, but not under Villa.
    const framing = item('framing', 10, [
      [2, 'villa', 'framing'],
      [1, 'tower', 'roofing'],
      [1, 'villa', 'excavation'],
    ])
    expect(outsideInterchange(framing, inPlan)).toBe(4)
    expect(taggingRequirement(framing, inPlan)).toEqual({ direct: 6, interchange: 4, total: 10 })
  })

  test('mixed sources: only the outside part is added', () => {
    const framing = item('framing', 10, [
      [3, 'site', 'excavation'],
      [2, 'villa', 'framing'],
    ])
    expect(outsideInterchange(framing, inPlan)).toBe(2)
    expect(taggingRequirement(framing, inPlan)).toEqual({ direct: 5, interchange: 2, total: 7 })
  })

  test('a group row is checked against the plan like a single cluster', () => {
    const plinthAndSlab = item(['plinth', 'slab'], 6, [
      [2, 'tower', 'framing'],
      [1, 'villa', 'slab'],
    ])
    expect(taggingRequirement(plinthAndSlab, inPlan)).toEqual({ direct: 3, interchange: 1, total: 4 })
  })

  test('zero requirement: nothing planned, or everyone interchanged from inside', () => {
    expect(taggingRequirement(item('excavation', 0), inPlan)).toEqual({ direct: 0, interchange: 0, total: 0 })
    expect(taggingRequirement(item('framing', 4, [[4, 'site', 'excavation']]), inPlan)).toEqual({ direct: 0, interchange: 0, total: 0 })
  })

  test('the outside part never exceeds the interchange people (at most planned)', () => {
    expect(taggingRequirement(item('framing', 3, [[5, 'villa', 'framing']]), inPlan)).toEqual({ direct: 0, interchange: 3, total: 3 })
  })
})

describe('assignmentProblem: the tagging rules of spec/administration-planning.md §5', () => {
  test("the spec's tagging texts are word for word", () => {
    expect(taggingMessages.zeroRequirement).toBe('Requirement for this cluster is 0 — cannot assign users.')
    expect(taggingMessages.tooMany(4)).toBe('Cannot assign more than 4 users for this cluster.')
    expect(taggingMessages.exceeds(6, 4)).toBe('Assigned 6 exceeds requirement of 4.')
    expect(taggingMessages.selectProject).toBe('Please select a project before saving.')
    expect(taggingMessages.projectEntityMissing).toBe('Project entity id missing. Please ensure project entities are saved first.')
  })

  test.each(['select', 'save'] as const)("requirement 0: 'Requirement for this cluster is 0 — cannot assign users.' (%s)", (moment) => {
    expect(assignmentProblem(0, 1, moment)).toBe('Requirement for this cluster is 0 — cannot assign users.')
    expect(assignmentProblem(0, 3, moment)).toBe('Requirement for this cluster is 0 — cannot assign users.')
  })

  test("on selection, one past the cap: 'Cannot assign more than {n} users for this cluster.'", () => {
    expect(assignmentProblem(5, 6, 'select')).toBe('Cannot assign more than 5 users for this cluster.')
    expect(assignmentProblem(1, 2, 'select')).toBe('Cannot assign more than 1 users for this cluster.')
  })

  test("on save, past the cap: 'Assigned {k} exceeds requirement of {n}.'", () => {
    expect(assignmentProblem(5, 7, 'save')).toBe('Assigned 7 exceeds requirement of 5.')
    expect(assignmentProblem(1, 2, 'save')).toBe('Assigned 2 exceeds requirement of 1.')
  })

  test.each(['select', 'save'] as const)('up to the cap is allowed, the cap itself included (%s)', (moment) => {
    expect(assignmentProblem(5, 1, moment)).toBeNull()
    expect(assignmentProblem(5, 5, moment)).toBeNull()
    expect(assignmentProblem(1, 1, moment)).toBeNull()
  })

  test.each(['select', 'save'] as const)('untagging everyone is allowed, even at requirement 0 (%s)', (moment) => {
    expect(assignmentProblem(5, 0, moment)).toBeNull()
    expect(assignmentProblem(0, 0, moment)).toBeNull()
  })
})

describe('mappingTotals: Total Requirement, Total Tagged Users, Yet to Be Recruited', () => {
  test('no rows: all zero', () => {
    expect(mappingTotals([])).toEqual({ totalRequirement: 0, totalTagged: 0, yetToBeRecruited: 0 })
  })

  test('rows partly, fully and not tagged', () => {
    const rows = [
      { requirement: 5, tagged: 3 },
      { requirement: 2, tagged: 2 },
      { requirement: 4, tagged: 0 },
    ]
    expect(mappingTotals(rows)).toEqual({ totalRequirement: 11, totalTagged: 5, yetToBeRecruited: 6 })
  })

  test('a row tagged past a requirement that later dropped does not lower Yet to Be Recruited of the others', () => {
    // 5 − 2 = 3 still to recruit on the first row; the second row's 2 extra users fill none of them.
    const rows = [
      { requirement: 5, tagged: 2 },
      { requirement: 1, tagged: 3 },
    ]
    expect(mappingTotals(rows)).toEqual({ totalRequirement: 6, totalTagged: 5, yetToBeRecruited: 3 })
    expect(
      mappingTotals([
        { requirement: 0, tagged: 2 },
        { requirement: 4, tagged: 1 },
      ]),
    ).toEqual({ totalRequirement: 4, totalTagged: 3, yetToBeRecruited: 3 })
  })
})

describe('timelines', () => {
  test.each([
    ['Site', true],
    ['site', true],
    ['SITE', true],
    ['  Site\t', true],
    ['Sites', false],
    ['Site Office', false],
    ['Tower', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('isSite(%j) is %s', (name, expected) => {
    expect(isSite(name)).toBe(expected)
  })

  test("effectiveDates: the project's Site override wins over the cluster's own dates, even a cleared one", () => {
    const own = { startDate: '2027-03-01', endDate: '2027-06-30' }
    expect(effectiveDates(own, null)).toEqual({ startDate: '2027-03-01', endDate: '2027-06-30' })
    expect(effectiveDates(own, undefined)).toEqual({ startDate: '2027-03-01', endDate: '2027-06-30' })
    expect(effectiveDates(own, { startDate: '2027-04-15', endDate: null })).toEqual({ startDate: '2027-04-15', endDate: null })
    expect(effectiveDates(own, { startDate: null, endDate: null })).toEqual({ startDate: null, endDate: null })
  })

  test('earliestStart: the earliest date, nulls ignored; none at all gives null', () => {
    expect(earliestStart(['2027-05-01', null, '2027-03-15', '2028-01-01'])).toBe('2027-03-15')
    expect(earliestStart(['2027-12-31', '2028-01-01'])).toBe('2027-12-31')
    expect(earliestStart([null, '2026-11-30'])).toBe('2026-11-30')
    expect(earliestStart([null, null])).toBeNull()
    expect(earliestStart([])).toBeNull()
  })

  test.each([
    ['2027-06-15', '2027-05-15'],
    ['2027-03-01', '2027-02-01'],
    ['2027-03-31', '2027-02-28'],
    ['2028-03-31', '2028-02-29'],
    ['2028-03-30', '2028-02-29'],
    ['2100-03-31', '2100-02-28'],
    ['2000-03-31', '2000-02-29'],
    ['2027-05-31', '2027-04-30'],
    ['2027-07-31', '2027-06-30'],
    ['2027-08-31', '2027-07-31'],
    ['2027-10-31', '2027-09-30'],
    ['2027-12-31', '2027-11-30'],
    ['2027-01-15', '2026-12-15'],
    ['2027-01-31', '2026-12-31'],
    ['2027-02-28', '2027-01-28'],
  ])('Deployed By of a start on %s is %s', (start, expected) => {
    expect(deployedBy(start)).toBe(expected)
  })

  test('Deployed By of no start date is none', () => {
    expect(deployedBy(null)).toBeNull()
  })
})

describe('project cards', () => {
  const saved: CardState[] = [
    { categoryId: 'residential', entityId: 'tower', typeId: 'rcc', names: ['Tower A', 'Tower B'] },
    { categoryId: 'residential', entityId: 'villa', typeId: 'load-bearing', names: ['Villa 1'] },
  ]
  const copy = () => saved.map((card) => ({ ...card, names: [...card.names] }))

  test('cardKey: one card per category, entity and type', () => {
    expect(cardKey(saved[0])).toBe(cardKey({ categoryId: 'residential', entityId: 'tower', typeId: 'rcc' }))
    expect(cardKey(saved[0])).not.toBe(cardKey({ categoryId: 'residential', entityId: 'tower', typeId: 'steel' }))
    expect(cardKey(saved[0])).not.toBe(cardKey(saved[1]))
  })

  describe('hasUnsavedChanges: deletions queued, or cards differing from the last saved snapshot', () => {
    test('nothing changed', () => {
      expect(hasUnsavedChanges(copy(), saved, [])).toBe(false)
      expect(hasUnsavedChanges([], [], [])).toBe(false)
    })

    test('a queued deletion, even with the cards as saved', () => {
      expect(hasUnsavedChanges(copy(), saved, ['card-1'])).toBe(true)
    })

    test('a card added', () => {
      expect(hasUnsavedChanges([...copy(), { categoryId: 'residential', entityId: 'tower', typeId: 'steel', names: ['Tower C'] }], saved, [])).toBe(true)
    })

    test('a card removed', () => {
      expect(hasUnsavedChanges(copy().slice(0, 1), saved, [])).toBe(true)
    })

    test('an instance renamed', () => {
      const cards = copy()
      cards[0].names = ['Tower A', 'Tower C']
      expect(hasUnsavedChanges(cards, saved, [])).toBe(true)
    })

    test('renumbered, up (a name still empty) or down', () => {
      const up = copy()
      up[1].names = ['Villa 1', '']
      expect(hasUnsavedChanges(up, saved, [])).toBe(true)
      const down = copy()
      down[0].names = ['Tower A']
      expect(hasUnsavedChanges(down, saved, [])).toBe(true)
    })

    test('reordered: the cards, or the names within a card', () => {
      expect(hasUnsavedChanges(copy().reverse(), saved, [])).toBe(true)
      const swapped = copy()
      swapped[0].names = ['Tower B', 'Tower A']
      expect(hasUnsavedChanges(swapped, saved, [])).toBe(true)
    })

    test('names differing only in surrounding spaces are unchanged (they are saved trimmed)', () => {
      const cards = copy()
      cards[0].names = ['  Tower A', 'Tower B ']
      expect(hasUnsavedChanges(cards, saved, [])).toBe(false)
    })
  })

  test.each([
    [['Tower A', 'Tower B', 'Tower C'], 2, ['Tower A', 'Tower B']],
    [['Tower A'], 3, ['Tower A', '', '']],
    [['Tower A', 'Tower B'], 2, ['Tower A', 'Tower B']],
    [['Tower A', 'Tower B'], 0, ['Tower A']],
    [[], 0, ['']],
    [['Tower A', 'Tower B', 'Tower C'], 2.7, ['Tower A', 'Tower B']],
    [['Tower A', 'Tower B'], Number.NaN, ['Tower A']],
  ])('resizeNames(%j, %d): %j (at least 1; reducing trims, raising adds empty names)', (names, number, expected) => {
    const before = [...names]
    expect(resizeNames(names, number)).toEqual(expected)
    expect(names).toEqual(before)
  })

  test('cardsComplete: every card has exactly Number non-blank names', () => {
    expect(cardsComplete([{ number: 2, names: ['Tower A', 'Tower B'] }])).toBe(true)
    expect(cardsComplete([{ number: 2, names: ['Tower A'] }])).toBe(false)
    expect(cardsComplete([{ number: 1, names: ['Tower A', 'Tower B'] }])).toBe(false)
    expect(cardsComplete([{ number: 2, names: ['Tower A', '  '] }])).toBe(false)
    expect(
      cardsComplete([
        { number: 1, names: ['Villa 1'] },
        { number: 2, names: ['Tower A', ''] },
      ]),
    ).toBe(false)
    expect(
      cardsComplete([
        { number: 1, names: ['Villa 1'] },
        { number: 2, names: ['Tower A', 'Tower B'] },
      ]),
    ).toBe(true)
  })
})

describe('rollUp: roles → projects → clusters', () => {
  const clusterNames: Record<string, string> = { excavation: 'Excavation', plinth: 'Plinth', slab: 'Slab', roofing: 'Roofing', painting: 'Painting' }
  const labelOf = (ids: readonly string[]) => ids.map((id) => clusterNames[id]).join(' + ')
  const starts: Record<string, Record<string, IsoDate>> = {
    riverside: { excavation: '2027-03-31', plinth: '2027-05-10', slab: '2027-04-20', roofing: null },
    hilltop: { excavation: '2027-06-15', painting: null },
  }
  const startOf = (projectId: string, clusterId: string) => starts[projectId][clusterId] ?? null
  const mason = { roleId: 'mason', roleName: 'Mason' }
  const electrician = { roleId: 'electrician', roleName: 'Electrician' }

  const projects: RollUpInput['projects'] = [
    {
      projectId: 'riverside',
      projectName: 'Riverside',
      cards: [
        {
          instances: 2,
          roles: [
            // Excavation: (3 + 2) × 2 = 10; the group Slab + Plinth: 3 × 2 = 6.
            { ...mason, items: [item('excavation', 5, [[2, 'villa', 'excavation']]), item(['slab', 'plinth'], 3)] },
            // Roofing has no start date: 1 × 2 = 2.
            { ...electrician, items: [item('roofing', 1)] },
          ],
        },
        {
          instances: 3,
          // Excavation again: 2 × 3 = 6; the same group in the other order: 1 × 3 = 3.
          roles: [{ ...mason, items: [item('excavation', 2), item(['plinth', 'slab'], 1)] }],
        },
      ],
    },
    {
      projectId: 'hilltop',
      projectName: 'Hilltop',
      cards: [
        {
          instances: 1,
          roles: [
            { ...electrician, items: [item('painting', 4), item('excavation', 0)] },
            { ...mason, items: [item('excavation', 7, [[3, 'villa', 'excavation']])] },
          ],
        },
      ],
    },
  ]

  test('a cluster planned by two cards of a project is one row: requirements add, Deployed By from its start; totals per project and role', () => {
    expect(rollUp({ projects, startOf, labelOf })).toEqual([
      {
        roleId: 'mason',
        roleName: 'Mason',
        requirement: 32,
        projects: [
          {
            projectId: 'riverside',
            projectName: 'Riverside',
            requirement: 25,
            earliestStart: '2027-03-31',
            clusters: [
              { key: 'excavation', label: 'Excavation', requirement: 16, startDate: '2027-03-31', deployedBy: '2027-02-28' },
              // A group starts with its earliest cluster: Slab on 20 April, before Plinth on 10 May.
              { key: 'plinth,slab', label: 'Slab + Plinth', requirement: 9, startDate: '2027-04-20', deployedBy: '2027-03-20' },
            ],
          },
          {
            projectId: 'hilltop',
            projectName: 'Hilltop',
            requirement: 7,
            earliestStart: '2027-06-15',
            clusters: [{ key: 'excavation', label: 'Excavation', requirement: 7, startDate: '2027-06-15', deployedBy: '2027-05-15' }],
          },
        ],
      },
      {
        roleId: 'electrician',
        roleName: 'Electrician',
        requirement: 6,
        projects: [
          {
            projectId: 'riverside',
            projectName: 'Riverside',
            requirement: 2,
            earliestStart: null,
            clusters: [{ key: 'roofing', label: 'Roofing', requirement: 2, startDate: null, deployedBy: null }],
          },
          {
            projectId: 'hilltop',
            projectName: 'Hilltop',
            requirement: 4,
            earliestStart: '2027-06-15',
            clusters: [
              { key: 'painting', label: 'Painting', requirement: 4, startDate: null, deployedBy: null },
              { key: 'excavation', label: 'Excavation', requirement: 0, startDate: '2027-06-15', deployedBy: '2027-05-15' },
            ],
          },
        ],
      },
    ])
  })

  test('when merged rows bring different starts, the earliest wins and Deployed By follows it', () => {
    // Today a project's start of a cluster is the same for every card; the merge rule must hold anyway.
    for (const [first, second] of [
      ['2027-05-31', '2027-03-31'],
      ['2027-03-31', '2027-05-31'],
      [null, '2027-03-31'],
      ['2027-03-31', null],
    ] as const) {
      const answers: IsoDate[] = [first, second]
      const rolled = rollUp({
        projects: [
          {
            projectId: 'riverside',
            projectName: 'Riverside',
            cards: [
              { instances: 1, roles: [{ ...mason, items: [item('excavation', 2)] }] },
              { instances: 2, roles: [{ ...mason, items: [item('excavation', 1)] }] },
            ],
          },
        ],
        startOf: () => answers.shift() ?? null,
        labelOf,
      })
      expect(rolled[0].projects[0].clusters).toEqual([{ key: 'excavation', label: 'Excavation', requirement: 4, startDate: '2027-03-31', deployedBy: '2027-02-28' }])
    }
  })

  test('no projects: no roles', () => {
    expect(rollUp({ projects: [], startOf, labelOf })).toEqual([])
  })
})
