;;; toolcall-review.el --- Review ApplyPatch in a diff-mode buffer  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The toolcall authors

;; Author: The toolcall authors
;; URL: https://github.com/toolcall/toolcall
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; When a patch needs approval, the bridge offers it for review and
;; `toolcall-review-patch' shows it as a unified diff in a buffer in
;; `toolcall-review-mode', derived from `diff-mode': every hunk starts
;; accepted; `r' rejects the hunk at point and `a' accepts it, `R' and
;; `A' do so for its whole file, C-c C-c applies what is accepted, C-c
;; C-k rejects the whole patch and C-c C-r asks for a revision with
;; feedback.  Nothing is written before the answer.
;;
;; Once a patch is applied, `toolcall-review-revert-files' reverts the
;; buffers visiting the files it changed; a buffer with unsaved changes
;; is left alone, with a message.

;;; Code:

(require 'cl-lib)
(require 'diff-mode)
(require 'seq)
(require 'subr-x)

(defcustom toolcall-review-patches t
  "Whether a patch that needs approval is reviewed in a diff buffer.
When nil, it is approved or denied as a whole with one permission
question.  `toolcall-restart' applies a change."
  :type 'boolean
  :group 'toolcall
  :package-version '(toolcall . "0.1.0"))

(defface toolcall-review-accepted '((t :inherit success))
  "Face of an accepted hunk's or file's verdict."
  :group 'toolcall)

(defface toolcall-review-rejected '((t :inherit error))
  "Face of a rejected hunk's or file's verdict."
  :group 'toolcall)

(defface toolcall-review-rejected-body '((t :inherit shadow))
  "Face over the lines of a rejected hunk."
  :group 'toolcall)

(defvar-local toolcall-review--files nil
  "The proposal's files, a vector of plists.
Each has :path, :kind, :destination, :diff and :hunks.")

(defvar-local toolcall-review--verdicts nil
  "A vector with, per file, a vector of hunk verdicts (`accept' or `reject').
A file without hunks (an add or a delete) has one verdict.")

(defvar-local toolcall-review--reply nil
  "The function answering the bridge, or nil once the review is answered.")

(defvar-local toolcall-review--request nil
  "The bridge's request id of this review.")

(defvar toolcall-review-read-only-map
  (let ((map (make-sparse-keymap)))
    (set-keymap-parent map diff-mode-shared-map)
    (define-key map "a" #'toolcall-review-accept-hunk)
    (define-key map "r" #'toolcall-review-reject-hunk)
    ;; Killing a hunk or file from the diff would be taken back at the next redraw: it rejects.
    (define-key map [remap diff-hunk-kill] #'toolcall-review-reject-hunk)
    (define-key map "A" #'toolcall-review-accept-file)
    (define-key map "R" #'toolcall-review-reject-file)
    (define-key map [remap diff-file-kill] #'toolcall-review-reject-file)
    (define-key map (kbd "C-c C-c") #'toolcall-review-submit)
    (define-key map (kbd "C-c C-k") #'toolcall-review-reject-all)
    (define-key map (kbd "C-c C-r") #'toolcall-review-revise)
    map)
  "Keys of a review buffer, over `diff-mode-shared-map'.")

(defvar toolcall-review-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "C-c C-c") #'toolcall-review-submit)
    (define-key map (kbd "C-c C-k") #'toolcall-review-reject-all)
    (define-key map (kbd "C-c C-r") #'toolcall-review-revise)
    map)
  "Keymap of `toolcall-review-mode'.")

(define-derived-mode toolcall-review-mode diff-mode "ToolCall Review"
  "Review a proposed patch hunk by hunk before it is written.
\\<toolcall-review-read-only-map>Each hunk starts accepted.  \\[toolcall-review-reject-hunk] rejects the hunk at point,
\\[toolcall-review-accept-hunk] accepts it, \\[toolcall-review-reject-file] and \\[toolcall-review-accept-file] do so for its file.
\\[toolcall-review-submit] applies what is accepted, \\[toolcall-review-reject-all] rejects everything,
\\[toolcall-review-revise] asks for a revision.  Killing the buffer rejects the patch.
\\{toolcall-review-read-only-map}"
  (setq buffer-read-only t)
  ;; diff-mode puts its read-only keys over the major mode's: put these over them.
  (setq-local minor-mode-overriding-map-alist
              (list (cons 'buffer-read-only toolcall-review-read-only-map)))
  (setq-local revert-buffer-function (lambda (&rest _) (toolcall-review--draw)))
  (add-hook 'kill-buffer-hook #'toolcall-review--killed nil t))

;;;; Drawing

(defun toolcall-review--header (file)
  "Return the --- and +++ lines of FILE's diff."
  (let* ((diff (plist-get file :diff))
         (end (string-search "\n@@" diff)))
    (concat (substring diff 0 (or end (length diff))) "\n")))

(defun toolcall-review--verdict-string (verdict)
  "Return the label shown before a hunk with VERDICT."
  (if (eq verdict 'accept)
      (propertize "[accept] " 'face 'toolcall-review-accepted)
    (propertize "[reject] " 'face 'toolcall-review-rejected)))

(defun toolcall-review--insert-part (text file hunk verdict)
  "Insert TEXT, hunk HUNK of FILE (indexes; HUNK nil for a whole file), as VERDICT."
  (let ((start (point)))
    (insert text (if (string-suffix-p "\n" text) "" "\n"))
    (put-text-property start (point) 'toolcall-review-part (cons file hunk))
    (let ((label (make-overlay start (1+ start))))
      (overlay-put label 'before-string (toolcall-review--verdict-string verdict))
      (overlay-put label 'toolcall-review t))
    (when (eq verdict 'reject)
      (let ((body (make-overlay start (point))))
        (overlay-put body 'face 'toolcall-review-rejected-body)
        (overlay-put body 'toolcall-review t)))))

(defun toolcall-review--draw ()
  "Draw the proposal with its verdicts, keeping point."
  (let ((inhibit-read-only t)
        (point (point)))
    (remove-overlays (point-min) (point-max) 'toolcall-review t)
    (erase-buffer)
    (cl-loop
     for file across toolcall-review--files
     for verdicts across toolcall-review--verdicts
     for index from 0 do
     (let ((hunks (plist-get file :hunks)))
       (if (null hunks)
           ;; An add or a delete is reviewed whole: its diff is one part.
           (toolcall-review--insert-part (plist-get file :diff) index nil (aref verdicts 0))
         (insert (toolcall-review--header file))
         (cl-loop for hunk in hunks
                  for number from 0 do
                  (toolcall-review--insert-part (plist-get hunk :diff) index number
                                                (aref verdicts number))))))
    (set-buffer-modified-p nil)
    (goto-char (min point (point-max)))))

;;;; Verdicts

(defun toolcall-review--part ()
  "Return the (FILE . HUNK) indexes at point; signal a `user-error' when none."
  (or (get-text-property (point) 'toolcall-review-part)
      (save-excursion
        (forward-line 1)
        (get-text-property (point) 'toolcall-review-part))
      (user-error "No hunk at point")))

(defun toolcall-review--set (verdict whole-file)
  "Set the part at point, or its WHOLE-FILE, to VERDICT; move to the next part."
  (let* ((part (toolcall-review--part))
         (verdicts (aref toolcall-review--verdicts (car part))))
    (if (or whole-file (null (cdr part)))
        (fillarray verdicts verdict)
      (aset verdicts (cdr part) verdict))
    (toolcall-review--draw)
    (toolcall-review--next-part part)))

(defun toolcall-review--next-part (part)
  "Move to the start of the first part after PART, if any."
  (let ((position (point)))
    (while (and position (equal (get-text-property position 'toolcall-review-part) part))
      (setq position (next-single-property-change position 'toolcall-review-part)))
    (while (and position (< position (point-max))
                (null (get-text-property position 'toolcall-review-part)))
      (setq position (next-single-property-change position 'toolcall-review-part)))
    (when (and position (< position (point-max))) (goto-char position))))

(defun toolcall-review-accept-hunk ()
  "Accept the hunk at point, then move to the next one."
  (interactive)
  (toolcall-review--set 'accept nil))

(defun toolcall-review-reject-hunk ()
  "Reject the hunk at point, then move to the next one."
  (interactive)
  (toolcall-review--set 'reject nil))

(defun toolcall-review-accept-file ()
  "Accept every hunk of the file at point."
  (interactive)
  (toolcall-review--set 'accept t))

(defun toolcall-review-reject-file ()
  "Reject every hunk of the file at point."
  (interactive)
  (toolcall-review--set 'reject t))

;;;; Answers

(defun toolcall-review-answer (verdicts)
  "Return the bridge's answer for VERDICTS, a vector of per-file verdict vectors."
  (let ((all (apply #'append (mapcar (lambda (file) (append file nil)) verdicts))))
    (cond
     ((seq-every-p (lambda (verdict) (eq verdict 'accept)) all) "accept-all")
     ((seq-every-p (lambda (verdict) (eq verdict 'reject)) all) "reject-all")
     (t (list :outcome "review"
              :files (vconcat
                      (cl-loop for file across toolcall-review--files
                               for file-verdicts across verdicts
                               collect
                               (if (plist-get file :hunks)
                                   (vconcat (mapcar #'symbol-name file-verdicts))
                                 (symbol-name (aref file-verdicts 0))))))))))

(defun toolcall-review--finish (answer)
  "Send ANSWER to the bridge and close the review."
  (let ((reply toolcall-review--reply)
        (buffer (current-buffer)))
    (setq toolcall-review--reply nil)
    (when reply (funcall reply answer))
    (quit-window nil (get-buffer-window buffer))
    (when (buffer-live-p buffer) (kill-buffer buffer))))

(defun toolcall-review-submit ()
  "Apply the accepted hunks and files; the rejected ones are not written."
  (interactive)
  (let ((answer (toolcall-review-answer toolcall-review--verdicts)))
    (toolcall-review--finish answer)
    (message "toolcall: %s" (pcase answer
                              ("accept-all" "patch accepted")
                              ("reject-all" "patch rejected")
                              (_ "patch accepted in part")))))

(defun toolcall-review-reject-all ()
  "Reject the whole patch: no file is written."
  (interactive)
  (toolcall-review--finish "reject-all")
  (message "toolcall: patch rejected"))

(defun toolcall-review-revise (feedback)
  "Write nothing and ask for a revised patch, with FEEDBACK."
  (interactive (list (read-string "Feedback for the revision: ")))
  (toolcall-review--finish
   (if (string-empty-p (string-trim feedback))
       (list :outcome "revise")
     (list :outcome "revise" :feedback feedback)))
  (message "toolcall: revision asked"))

(defun toolcall-review--killed ()
  "Reject the patch when its review buffer is killed unanswered."
  (when toolcall-review--reply
    (let ((reply toolcall-review--reply))
      (setq toolcall-review--reply nil)
      (funcall reply "reject-all"))))

;;;###autoload
(defun toolcall-review-patch (request proposal reply directory)
  "Show PROPOSAL, a patch to review, and call REPLY with the answer.
REQUEST is the bridge's request id, DIRECTORY where the patch's
relative paths start.  Return the review buffer at once; REPLY gets
\"accept-all\", \"reject-all\" or a per-file review plist."
  (let* ((files (vconcat (plist-get proposal :files)))
         (buffer (generate-new-buffer "*toolcall review*")))
    (with-current-buffer buffer
      (setq default-directory (file-name-as-directory directory))
      (toolcall-review-mode)
      (setq toolcall-review--files files
            toolcall-review--request request
            toolcall-review--reply reply
            toolcall-review--verdicts
            (vconcat (mapcar (lambda (file)
                               (make-vector (max 1 (length (plist-get file :hunks))) 'accept))
                             files)))
      (toolcall-review--draw)
      (goto-char (point-min))
      (toolcall-review--next-part nil))
    (pop-to-buffer buffer)
    (message "%s" (substitute-command-keys
                   "\\<toolcall-review-read-only-map>Review the patch: \\[toolcall-review-reject-hunk] rejects a hunk, \\[toolcall-review-submit] applies, \\[toolcall-review-reject-all] rejects all"))
    buffer))

(defun toolcall-review-cancel (request)
  "Close the review of the bridge's REQUEST, which no longer waits for it."
  (dolist (buffer (buffer-list))
    (when (and (equal (buffer-local-value 'toolcall-review--request buffer) request)
               (buffer-local-value 'toolcall-review--reply buffer))
      (with-current-buffer buffer
        (setq toolcall-review--reply nil)
        (quit-window nil (get-buffer-window buffer))
        (when (buffer-live-p buffer) (kill-buffer buffer)))
      (message "toolcall: the patch under review was withdrawn"))))

;;;; Reverting changed files

;;;###autoload
(defun toolcall-review-revert-files (paths)
  "Revert the unmodified buffers visiting PATHS, files a patch changed.
A buffer with unsaved changes is left alone, with a message."
  (dolist (path paths)
    (let ((buffer (find-buffer-visiting path)))
      (when buffer
        (with-current-buffer buffer
          (cond
           ((buffer-modified-p)
            (message "toolcall: %s has unsaved changes, so it still shows them; the patch changed the file"
                     (buffer-name)))
           ((not (file-exists-p path))
            (message "toolcall: the patch deleted %s; its buffer %s is kept"
                     (abbreviate-file-name path) (buffer-name)))
           (t (revert-buffer t t t))))))))

(provide 'toolcall-review)
;;; toolcall-review.el ends here
