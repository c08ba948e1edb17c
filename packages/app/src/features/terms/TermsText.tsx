// The legal text of the embedded terms ("long legal text"). The specification does not give
// the wording; this is ours, written for the revenue optimizer that embedded users reach.
const sections: { title: string; paragraphs: string[] }[] = [
  {
    title: '1. Acceptance',
    paragraphs: [
      'These Terms and Conditions govern your use of the PayPortal revenue optimizer and every report, figure and recommendation it shows (the "Service"). By selecting Accept you agree to them on behalf of yourself and the organization that gave you access. If you do not agree, select Decline and do not use the Service.',
    ],
  },
  {
    title: '2. The Service',
    paragraphs: [
      'The Service models the effect of pricing changes on your merchant portfolio from data your organization supplies or authorizes. Its results are estimates produced by statistical models; they are not a forecast, a guarantee of future revenue, or financial, legal or tax advice.',
      'We may change, suspend or withdraw features of the Service. We will give reasonable notice of material changes where we can.',
    ],
  },
  {
    title: '3. Your data',
    paragraphs: [
      'Your organization remains the owner of the data it supplies. We process it only to provide the Service, under the data processing terms agreed with your organization, and we never sell it.',
      'You must not upload or enter personal data beyond what the Service asks for, and you are responsible for having the right to share the data you provide.',
    ],
  },
  {
    title: '4. Acceptable use',
    paragraphs: [
      'You may use the Service only for the internal business purposes of your organization. You must not copy, resell or publish its results outside your organization, attempt to reach data of another organization, probe or disrupt the Service, or share your access with anyone else.',
    ],
  },
  {
    title: '5. Confidentiality',
    paragraphs: [
      'The Service, its models and its documentation are confidential information of the provider. You will protect them with at least the care you use for your own confidential information.',
    ],
  },
  {
    title: '6. Intellectual property',
    paragraphs: [
      'The provider and its licensors keep all rights in the Service. These terms give you a limited, revocable, non-transferable right to use it while your organization’s agreement is in force.',
    ],
  },
  {
    title: '7. Disclaimer',
    paragraphs: [
      'The Service is provided "as is". To the extent the law allows, the provider disclaims all warranties, express or implied, including fitness for a particular purpose and accuracy of results. Decisions you make based on the Service are your own.',
    ],
  },
  {
    title: '8. Limitation of liability',
    paragraphs: [
      'To the extent the law allows, the provider is not liable for indirect or consequential loss, or for loss of profit, revenue or data, arising from the use of the Service. The provider’s total liability is limited as set out in your organization’s agreement.',
    ],
  },
  {
    title: '9. Suspension and termination',
    paragraphs: [
      'Access may be suspended or ended if you breach these terms, if your organization’s agreement ends, or if your organization asks for it. Sections 3, 5, 6, 7 and 8 survive termination.',
    ],
  },
  {
    title: '10. Changes to these terms',
    paragraphs: [
      'We may update these terms. When we do, you will be asked to accept the new version before you continue to use the Service.',
    ],
  },
  {
    title: '11. Governing law',
    paragraphs: [
      'These terms are governed by the law named in your organization’s agreement, and its courts have exclusive jurisdiction over any dispute about them.',
    ],
  },
];

export function TermsText() {
  return (
    <>
      {sections.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </>
  );
}
