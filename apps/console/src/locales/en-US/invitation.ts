/** Texts of the invitation page (`features/invitation`, issue #20), loaded with it. */
export const invitation = {
  'invitation.intro':
    'Invite other people to the service: when someone who signed up with your code or link tops up for the first time, you get a reward.',
  'invitation.loadFailed': 'The invitation programme could not be loaded',
  'invitation.locked.title': 'The invitation programme unlocks after a total top-up of {{total}} PTC',
  'invitation.locked.remaining': 'Top up {{amount}} PTC more to unlock it.',
  'invitation.locked.progress': 'Topped up so far: {{amount}} of {{total}} PTC',
  'invitation.locked.note': 'Bonuses and rewards do not count, only the top-ups you paid.',
  'invitation.locked.topUp': 'Top up',
  'invitation.rule':
    'You get {{reward}} PTC when a customer you invited tops up {{min}} PTC or more for the first time. One reward per invited customer.',
  'invitation.link': 'Invitation link',
  'invitation.shareLink': 'Share link',
  'invitation.code': 'Referral code',
  'invitation.stats.invited': 'Invited',
  'invitation.stats.toppedUp': 'Topped up',
  'invitation.stats.earned': 'Rewards earned (PTC)',
  'invitation.invitees': 'Invited customers',
  'invitation.invitees.empty': 'Nobody has signed up with your code yet',
  'invitation.invitee.registered': 'Registered {{date}}',
  'invitation.invitee.status.registered': 'Registered',
  'invitation.invitee.status.topped_up': 'Topped up',
  'invitation.invitee.reward': 'Reward +{{amount}} PTC',
  'invitation.invitee.noReward': 'No reward',
  'invitation.partner.title': 'Invitation programme partner page',
};
