import type { Category, ProgramContent } from '../../core/contracts/fto.ts';

/**
 * The program every agency starts with: the San Jose model's standard evaluation categories, each with
 * its Standard Evaluation Guideline anchored at 1 (unacceptable), 4 (acceptable) and 7 (superior), four
 * phases, a starter task library and two policies. The coordinator edits it at
 * /fto/admin/configure/{program_id}; binders keep the version they started on.
 */

const c = (key: string, label: string, unacceptable: string, acceptable: string, superior: string): Category => ({
  key,
  label,
  guideline: { unacceptable, acceptable, superior },
});

const rule = (lastDors: number) => ({ min_rating: 4, last_dors: lastDors, min_categories: null });

export const DEFAULT_PROGRAM_NAME = 'Patrol field training (San Jose model)';

export function defaultProgramContent(): ProgramContent {
  return {
    phases: [
      { key: 'phase_1', name: 'Phase 1: Orientation', weeks: 4, advancement: rule(5) },
      { key: 'phase_2', name: 'Phase 2: Development', weeks: 4, advancement: rule(5) },
      { key: 'phase_3', name: 'Phase 3: Proficiency', weeks: 4, advancement: rule(5) },
      { key: 'phase_4', name: 'Phase 4: Evaluation (shadow)', weeks: 2, advancement: rule(5) },
    ],
    category_groups: [
      {
        key: 'appearance',
        label: 'Appearance',
        categories: [
          c(
            'general_appearance',
            'General appearance',
            'Uniform dirty or wrinkled; equipment missing or not serviceable; poorly groomed.',
            'Uniform neat and clean, equipment complete and serviceable, well groomed within policy.',
            'Uniform and equipment immaculate; command presence sets the standard for others.',
          ),
        ],
      },
      {
        key: 'attitude',
        label: 'Attitude',
        categories: [
          c(
            'acceptance_of_feedback',
            'Acceptance of feedback',
            'Rationalises mistakes, argues or becomes defensive; does not correct the behaviour.',
            'Accepts criticism in a positive manner and applies it to improve performance.',
            'Seeks out feedback, never argues, and uses it to excel; thanks the trainer for it.',
          ),
          c(
            'attitude_toward_police_work',
            'Attitude toward police work',
            'Sees the job as a means to an end; lacks motivation; shows no interest in the work.',
            'Shows interest in police work; uses off-duty time to study; accepts the responsibilities.',
            'Constantly strives to learn; self-motivated; shows pride and a real commitment to service.',
          ),
        ],
      },
      {
        key: 'knowledge',
        label: 'Knowledge',
        categories: [
          c(
            'knowledge_policies',
            'Department policies and procedures',
            'Does not know the policies or applies them wrongly in the field.',
            'Knows the policies that apply to the shift and applies them correctly.',
            'Exceptional knowledge of policy and procedure, including its reasons; explains it to others.',
          ),
          c(
            'knowledge_criminal_statutes',
            'Criminal statutes',
            'Does not know the elements of common crimes; cannot apply them to a situation.',
            'Knows the elements of common crimes and recognises them in the field.',
            'Thorough knowledge of the statutes, including uncommon ones; applies them precisely.',
          ),
          c(
            'knowledge_ordinances',
            'City and county ordinances',
            'Does not know or apply the local ordinances.',
            'Knows the commonly used ordinances and applies them correctly.',
            'Knows the ordinances in depth and recognises violations others miss.',
          ),
          c(
            'knowledge_traffic_code',
            'Traffic code',
            'Does not know the common violations or how to enforce them.',
            'Knows and applies the common sections of the traffic code.',
            'Exceptional knowledge of the traffic code, including collision investigation sections.',
          ),
        ],
      },
      {
        key: 'performance',
        label: 'Performance',
        categories: [
          c(
            'driving_normal',
            'Driving: normal conditions',
            'Violates traffic laws, drives unsafely, or loses control of the vehicle.',
            'Drives safely and within the law while staying aware of the surroundings.',
            'Drives with exceptional skill and awareness, and still observes the area while driving.',
          ),
          c(
            'driving_stress',
            'Driving: stress conditions',
            'Uses emergency equipment wrongly; drives too fast for conditions; loses control.',
            'Maintains control, uses lights and siren correctly, and arrives safely.',
            'Excellent control and judgement in pursuits and emergency responses.',
          ),
          c(
            'orientation_response',
            'Orientation and response time',
            'Gets lost; does not know the beat; cannot find addresses; takes too long to arrive.',
            'Knows the beat and main routes; arrives in reasonable time by a sensible route.',
            'Knows the whole city; arrives promptly by the best route, even off the beat.',
          ),
          c(
            'routine_forms',
            'Routine forms: accuracy and completeness',
            'Forms incomplete or wrong; does not know which form applies.',
            'Knows the common forms and completes them accurately.',
            'Forms always complete and accurate, including rarely used ones.',
          ),
          c(
            'report_organisation',
            'Report writing: organisation and details',
            'Reports miss elements of the crime or key facts; poorly organised.',
            'Reports are organised, complete and include the elements and facts needed.',
            'Reports are a model of clarity and completeness; no follow-up needed.',
          ),
          c(
            'report_grammar',
            'Report writing: grammar, spelling and neatness',
            'Frequent errors in grammar and spelling make the report hard to understand.',
            'Few errors; the report reads clearly.',
            'No errors; the report is concise, clear and professional.',
          ),
          c(
            'report_time',
            'Report writing: time used',
            'Takes far too long to write reports, keeping the unit out of service.',
            'Writes reports in a reasonable time for their complexity.',
            'Writes complete reports quickly and returns to service promptly.',
          ),
          c(
            'field_performance_nonstress',
            'Field performance: non-stress conditions',
            'Becomes confused and makes poor decisions on routine calls.',
            'Assesses routine situations and takes the proper action.',
            'Handles routine calls with excellence and anticipates what comes next.',
          ),
          c(
            'field_performance_stress',
            'Field performance: stress conditions',
            'Panics, freezes or over-reacts; loses control of the scene.',
            'Stays calm, assesses the situation and takes the proper action.',
            'Takes command of the scene; calm, decisive and correct under pressure.',
          ),
          c(
            'investigative_procedures',
            'Investigative procedures',
            'Fails to protect the scene, overlooks evidence, or does not connect the facts.',
            'Protects the scene, collects evidence properly and follows leads to their end.',
            'Thorough investigations that uncover evidence and leads others would miss.',
          ),
          c(
            'interview_skills',
            'Interview and interrogation',
            'Cannot obtain information; asks leading or poorly formed questions; ignores rights advisements.',
            'Uses proper techniques and obtains the information available, respecting rights.',
            'Obtains information and admissions through skilled, lawful questioning.',
          ),
          c(
            'self_initiated_activity',
            'Self-initiated field activity',
            'Does not recognise or avoids criminal and traffic activity.',
            'Recognises and acts on suspicious activity and violations during the shift.',
            'Consistently develops good self-initiated activity and arrests.',
          ),
          c(
            'officer_safety_general',
            'Officer safety: general',
            'Fails to use cover, approaches carelessly, turns their back on people, or leaves the weapon exposed.',
            'Applies officer safety tactics consistently and stays aware of the surroundings.',
            'Always in a position of advantage; anticipates danger; a model for others.',
          ),
          c(
            'officer_safety_suspects',
            'Officer safety: suspects and prisoners',
            'Fails to search, handcuff or control suspects and prisoners properly.',
            'Controls, searches and handcuffs suspects correctly and keeps them in view.',
            'Excellent control of suspects and prisoners in every situation.',
          ),
          c(
            'conflict_voice',
            'Control of conflict: voice command',
            'Voice too soft or too harsh; uses profanity; cannot gain control by speech.',
            'Speaks with authority and gains control of most situations by voice.',
            'Consistently de-escalates and gains compliance by voice alone.',
          ),
          c(
            'conflict_physical',
            'Control of conflict: physical skill',
            'Uses too much or too little force; poor technique; loses control.',
            'Uses the force that is reasonable and the proper techniques.',
            'Excellent technique; uses the least force that works and stays in control.',
          ),
          c(
            'problem_solving',
            'Problem solving and decision making',
            'Acts without a plan, cannot reason through a problem, or makes illogical decisions.',
            'Reasons through problems and reaches sound decisions in reasonable time.',
            'Quickly reaches sound, creative solutions and anticipates consequences.',
          ),
          c(
            'radio_procedure',
            'Radio: codes and procedure',
            'Does not use the codes or the procedure; ties up the channel.',
            'Uses the codes and procedure correctly and briefly.',
            'Flawless radio procedure in routine and stressful traffic.',
          ),
          c(
            'radio_listening',
            'Radio: listening and comprehension',
            'Misses own call sign or messages; does not know what other units are doing.',
            'Hears and understands transmissions for self and nearby units.',
            'Follows all relevant traffic and anticipates the needs of other units.',
          ),
          c(
            'radio_articulation',
            'Radio: articulation',
            'Unclear, rambling or incomplete transmissions.',
            'Transmissions clear, complete and brief.',
            'Transmissions are models of clarity, also under stress.',
          ),
        ],
      },
      {
        key: 'relationships',
        label: 'Relationships',
        categories: [
          c(
            'relationship_citizens',
            'With citizens in general',
            'Rude, arrogant or uncommunicative; displays bias; escalates contacts.',
            'Courteous, friendly and helpful; treats everyone with respect.',
            'Builds rapport easily; citizens compliment the service.',
          ),
          c(
            'relationship_groups',
            'With groups other than their own',
            'Shows hostility or prejudice; is uncomfortable and avoids contact.',
            'Serves every group fairly, with respect and without bias.',
            'Works easily with every community and earns their trust.',
          ),
          c(
            'relationship_department',
            'With department members',
            'Disrespectful to peers or supervisors; does not accept the chain of command.',
            'Works well with others and accepts the chain of command.',
            'A respected team member who helps others and is sought out by them.',
          ),
        ],
      },
    ],
    tasks: [
      {
        key: 'vehicle_inspection',
        phase_key: 'phase_1',
        title: 'Patrol vehicle inspection',
        description: 'Complete a squad check and know the equipment in the car.',
      },
      {
        key: 'radio_procedures',
        phase_key: 'phase_1',
        title: 'Radio procedures',
        description: 'Log on, change channels, and use the agency codes.',
      },
      {
        key: 'beat_geography',
        phase_key: 'phase_1',
        title: 'Beat geography',
        description: 'Name the main roads, schools, hospitals and hazards of the beat.',
      },
      {
        key: 'report_system',
        phase_key: 'phase_1',
        title: 'Report writing system',
        description: 'Start, write and submit an incident report.',
      },
      {
        key: 'traffic_stop',
        phase_key: 'phase_2',
        title: 'Traffic stop',
        description: 'Select a location, approach, contact and release safely.',
      },
      {
        key: 'dui_investigation',
        phase_key: 'phase_2',
        title: 'DUI investigation',
        description: 'Field sobriety tests, implied consent and the arrest.',
      },
      {
        key: 'domestic_violence',
        phase_key: 'phase_2',
        title: 'Domestic violence call',
        description: 'Separation, primary aggressor, victim rights and mandatory arrest.',
      },
      {
        key: 'evidence_collection',
        phase_key: 'phase_2',
        title: 'Evidence collection and booking',
        description: 'Photograph, package, label and book evidence.',
      },
      {
        key: 'felony_stop',
        phase_key: 'phase_3',
        title: 'High-risk vehicle stop',
        description: 'Coordinate units, commands and removal of occupants.',
      },
      {
        key: 'crisis_intervention',
        phase_key: 'phase_3',
        title: 'Crisis intervention',
        description: 'De-escalation and an emergency mental health hold.',
      },
      {
        key: 'collision_investigation',
        phase_key: 'phase_3',
        title: 'Collision investigation',
        description: 'Scene, measurements, statements and the crash report.',
      },
      {
        key: 'court_testimony',
        phase_key: 'phase_4',
        title: 'Courtroom testimony',
        description: 'Prepare for and give testimony (moot court).',
      },
    ],
    policies: [
      {
        key: 'use_of_force',
        title: 'Use of force',
        version: '2026-01',
        body: 'Officers use only the force that is objectively reasonable to accomplish a lawful objective, de-escalate when it is safe to do so, intervene when another officer uses excessive force, and report every use of force before the end of shift.',
      },
      {
        key: 'vehicle_pursuits',
        title: 'Vehicle pursuits',
        version: '2025-06',
        body: 'A pursuit is justified only when the need to apprehend outweighs the danger to the public. The supervisor monitors every pursuit and may end it at any time. Trainees do not initiate pursuits before phase 3.',
      },
    ],
  };
}
