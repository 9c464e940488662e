/**
 * The profile form's labels, apart from its schemas (domain/profile.ts): the error summary names
 * fields by them in the browser, which so gets no zod.
 */

/** Labels of the profile form (spec/access-session-profile-shell.md §5); the required-fields message lists them. */
export const profileLabels = {
  'personal.name': 'Full Name',
  'personal.dob': 'Date of Birth',
  'personal.phone': 'Phone Number',
  'personal.email': 'Personal Email',
  'personal.qualification': 'Qualification',
  'personal.maritalStatus': 'Marital Status',
  'personal.bloodGroup': 'Blood Group',
  'personal.fatherName': "Father's Name",
  'personal.fatherOccupation': "Father's Occupation",
  'personal.motherName': "Mother's Name",
  'personal.motherOccupation': "Mother's Occupation",
  'personal.siblings': 'Siblings',
  'professional.employId': 'Employee ID',
  'professional.designation': 'Designation',
  roleId: 'Role',
  'professional.workLocation': 'Work Location',
  'professional.asblExperience': 'ASBL Experience',
  'professional.previousExperience': 'Previous Experience',
  'professional.totalExperience': 'Total Experience',
  'professional.reportingManager': 'Reporting Manager',
  'professional.dateOfJoining': 'Date of Joining',
  'professional.dateOfLeaving': 'Date of Leaving',
  'professional.previousEmployer': 'Previous Employer',
  'professional.previousDesignation': 'Previous Designation',
  'financial.previousOrgSalary': 'Previous Organisation Salary',
  'financial.currency': 'Currency',
} as const
export type ProfileField = keyof typeof profileLabels
