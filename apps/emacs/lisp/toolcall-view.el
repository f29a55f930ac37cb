;;; toolcall-view.el --- The *toolcall* view buffer  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The toolcall authors

;; Author: The toolcall authors
;; URL: https://github.com/toolcall/toolcall
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; Draws the bridge's render trees (the JSON of `renderJson' in
;; @toolcall/render) as rows: a marker, a status sign and a header per
;; call, the body and child rows when open.  Parallel batches get a
;; gutter.  Each execution is one section of the buffer: a tree update
;; redraws its section only, at most every
;; `toolcall-view-redraw-interval' seconds, and keeps point, every
;; window's point and window start on the rows they were on.  Rows fold
;; locally with TAB; RET visits the file and line a Read, Grep, Glob or
;; Outline row names.

;;; Code:

(require 'cl-lib)
(require 'seq)
(require 'subr-x)

(defcustom toolcall-view-redraw-interval 0.05
  "Least seconds between two redraws of one execution in the *toolcall* buffer.
Tree updates arriving faster are drawn together: the first at once,
the latest when the interval has passed."
  :type 'number
  :group 'toolcall
  :package-version '(toolcall . "0.1.0"))

;;;; Faces

(defface toolcall-view-success '((t :inherit default))
  "Face of the header of a row that succeeded."
  :group 'toolcall :package-version '(toolcall . "0.1.0"))

(defface toolcall-view-running '((t :inherit italic))
  "Face of the header of a running or queued row."
  :group 'toolcall :package-version '(toolcall . "0.1.0"))

(defface toolcall-view-error '((t :inherit error))
  "Face of the sign and header of a row that failed."
  :group 'toolcall :package-version '(toolcall . "0.1.0"))

(defface toolcall-view-denied '((t :inherit error))
  "Face of the sign and header of a row the policy or the person refused."
  :group 'toolcall :package-version '(toolcall . "0.1.0"))

(defface toolcall-view-warning '((t :inherit warning))
  "Face of the sign and header of a row with a warning, and of tree warnings."
  :group 'toolcall :package-version '(toolcall . "0.1.0"))

(defface toolcall-view-cancelled '((t :inherit shadow))
  "Face of the sign and header of a cancelled row."
  :group 'toolcall :package-version '(toolcall . "0.1.0"))

(defface toolcall-view-interrupted '((t :inherit shadow))
  "Face of the sign and header of a row whose bridge ended before it settled."
  :group 'toolcall :package-version '(toolcall . "0.1.0"))

(defface toolcall-view-marker '((t :inherit shadow))
  "Face of the fold marker before a row: open, closed or an event line."
  :group 'toolcall :package-version '(toolcall . "0.1.0"))

(defface toolcall-view-gutter '((t :inherit shadow))
  "Face of the gutter that brackets the calls of one parallel join."
  :group 'toolcall :package-version '(toolcall . "0.1.0"))

(defface toolcall-view-count '((t :inherit shadow))
  "Face of the \"(N calls)\" count of coalesced rows."
  :group 'toolcall :package-version '(toolcall . "0.1.0"))

(defface toolcall-view-body '((t :inherit default))
  "Face of the body lines of an open row."
  :group 'toolcall :package-version '(toolcall . "0.1.0"))

(defface toolcall-view-diff-added '((t :inherit success))
  "Face of an added line in a diff body, such as an applied patch's."
  :group 'toolcall :package-version '(toolcall . "0.1.0"))

(defface toolcall-view-diff-removed '((t :inherit error))
  "Face of a removed line in a diff body, such as an applied patch's."
  :group 'toolcall :package-version '(toolcall . "0.1.0"))

(defface toolcall-view-diff-hunk '((t :inherit font-lock-comment-face))
  "Face of a hunk header and of file names in a diff body."
  :group 'toolcall :package-version '(toolcall . "0.1.0"))

;;;; State

(defvar toolcall-view-buffer-name "*toolcall*"
  "The name of the buffer that shows tool calls.")

(defvar toolcall-view-directory nil
  "Directory the relative file names of newly drawn calls are relative to.
Set to the bridge's workspace when it starts; nil means `default-directory'.")

(defvar-local toolcall-view--trees nil
  "Alist of (EXECUTION-ID TREE . DIRECTORY), oldest first.")

(defvar-local toolcall-view--folds nil
  "Hash table from row id to t (open) or `closed', set by toggling.")

(defvar-local toolcall-view--dirty nil
  "Execution ids whose trees changed since they were last drawn.")

(defvar-local toolcall-view--timer nil
  "The timer that draws the dirty executions, or nil.")

(defvar-local toolcall-view--last-draw 0
  "When (a `float-time') the last redraw happened.")

(defvar toolcall-view-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "TAB") #'toolcall-view-toggle)
    (define-key map (kbd "RET") #'toolcall-view-visit)
    (define-key map (kbd "n") #'toolcall-view-next-row)
    (define-key map (kbd "p") #'toolcall-view-previous-row)
    (define-key map (kbd "c") #'toolcall-view-clear)
    map)
  "Keymap of `toolcall-view-mode'.")

(define-derived-mode toolcall-view-mode special-mode "ToolCall"
  "Show tool calls and ToolCall scripts as foldable rows.
TAB opens or closes the row at point, RET visits the file and line a
Read, Grep, Glob or Outline row names (and folds any other row), n and
p move between rows.
\\{toolcall-view-mode-map}"
  (setq toolcall-view--folds (make-hash-table :test #'equal))
  ;; Every redraw rewrites text: an undo list would only grow.
  (setq buffer-undo-list t)
  (setq-local revert-buffer-function (lambda (&rest _) (toolcall-view--draw-all))))

(defun toolcall-view--buffer ()
  "Return the view buffer, creating it in `toolcall-view-mode'."
  (or (get-buffer toolcall-view-buffer-name)
      (with-current-buffer (get-buffer-create toolcall-view-buffer-name)
        (toolcall-view-mode)
        (current-buffer))))

(defun toolcall-view-display ()
  "Show the view buffer without selecting it."
  (display-buffer (toolcall-view--buffer)))

;;;; Updates

(defun toolcall-view--store (execution-id tree &optional changed)
  "Record TREE as the tree of EXECUTION-ID in the current buffer.
Mark it for a redraw unless it equals the tree recorded, or CHANGED
says it was changed in place."
  (let ((cell (assoc execution-id toolcall-view--trees)))
    (cond
     ((not cell)
      (setq toolcall-view--trees
            (append toolcall-view--trees
                    (list (cons execution-id
                                (cons tree (or toolcall-view-directory default-directory))))))
      (setq changed t))
     ((not (equal (cadr cell) tree))
      (setcar (cdr cell) tree)
      (setq changed t)))
    (when (and changed (not (member execution-id toolcall-view--dirty)))
      (push execution-id toolcall-view--dirty))))

(defun toolcall-view-update (execution-id tree)
  "Replace the tree of EXECUTION-ID with TREE.
It is drawn at once after a quiet spell, else once
`toolcall-view-redraw-interval' has passed since the last redraw."
  (with-current-buffer (toolcall-view--buffer)
    (toolcall-view--store execution-id tree)
    (let ((wait (- (+ toolcall-view--last-draw toolcall-view-redraw-interval) (float-time))))
      (cond
       (toolcall-view--timer nil)
       ((<= wait 0) (toolcall-view--draw-dirty))
       (t (setq toolcall-view--timer
                (run-at-time wait nil #'toolcall-view--draw-later (current-buffer))))))))

(defun toolcall-view--draw-later (buffer)
  "Draw the dirty executions of BUFFER, if it still exists."
  (when (buffer-live-p buffer)
    (with-current-buffer buffer
      (setq toolcall-view--timer nil)
      (toolcall-view--draw-dirty))))

(defun toolcall-view-flush ()
  "Draw every tree update still waiting for its redraw."
  (let ((buffer (get-buffer toolcall-view-buffer-name)))
    (when buffer
      (with-current-buffer buffer
        (when toolcall-view--timer
          (cancel-timer toolcall-view--timer)
          (setq toolcall-view--timer nil))
        (toolcall-view--draw-dirty)))))

(defun toolcall-view--draw-dirty ()
  "Draw the sections of the dirty executions of the current buffer."
  (let ((ids (reverse toolcall-view--dirty)))
    (setq toolcall-view--dirty nil
          toolcall-view--last-draw (float-time))
    (dolist (id ids) (toolcall-view--draw-section id))))

(defun toolcall-view-replace (id tree)
  "Draw TREE in place of the call whose top row has ID, or after the others.
A script recovered as interrupted replaces its own stale running row."
  (with-current-buffer (toolcall-view--buffer)
    (let ((cell (seq-find (lambda (entry)
                            (equal (plist-get (car (plist-get (cadr entry) :items)) :id) id))
                          toolcall-view--trees)))
      (toolcall-view--store (if cell (car cell) (concat "recovered:" id)) tree))
    (toolcall-view-flush)))

(defun toolcall-view--interrupt-items (items)
  "Mark the running rows among ITEMS, rows and batches, interrupted.
A queued row, which never started, then reads \"(not started)\"."
  (dolist (item items)
    (if (equal (plist-get item :kind) "batch")
        (toolcall-view--interrupt-items (plist-get item :rows))
      (when (equal (plist-get item :status) "running")
        (plist-put item :status "interrupted")
        (let ((header (plist-get item :header)))
          (when (stringp header)
            (cond
             ;; A running script's header carries its state and live aggregate.
             ((string-match " (running)\\( \\[[^]\n]*\\]\\)?" header)
              (plist-put item :header (replace-match " (interrupted)" t t header)))
             ((string-match " (queued)\\'" header)
              (plist-put item :header (replace-match " (not started)" t t header)))))))
      (toolcall-view--interrupt-items (plist-get item :children)))))

(defun toolcall-view-interrupt (prefix)
  "Draw the running rows of trees whose execution id has PREFIX interrupted.
For the calls of a bridge that exited: nothing will settle them.  A script the
next bridge recovers is then drawn in their place."
  (let ((buffer (get-buffer toolcall-view-buffer-name)))
    (when buffer
      (with-current-buffer buffer
        (dolist (entry toolcall-view--trees)
          (when (string-prefix-p prefix (car entry))
            (toolcall-view--interrupt-items (plist-get (cadr entry) :items))
            (toolcall-view--store (car entry) (cadr entry) t)))
        (toolcall-view-flush)))))

;;;; Drawing

(defun toolcall-view--open-p (row)
  "Return non-nil when ROW is drawn open."
  (let ((fold (gethash (plist-get row :id) toolcall-view--folds)))
    (cond ((eq fold 'closed) nil)
          (fold t)
          (t (plist-get row :expanded)))))

(defun toolcall-view--face (status)
  "Return the face for the sign and header of a row of STATUS."
  (pcase status
    ("error" 'toolcall-view-error)
    ("denied" 'toolcall-view-denied)
    ("warning" 'toolcall-view-warning)
    ("cancelled" 'toolcall-view-cancelled)
    ("interrupted" 'toolcall-view-interrupted)
    ("running" 'toolcall-view-running)
    (_ 'toolcall-view-success)))

(defun toolcall-view--sign (status)
  "Return the sign drawn before the header of a row of STATUS."
  (pcase status
    ("error" "× ")
    ("denied" "⊗ ")
    ("warning" "! ")
    ("cancelled" "⊘ ")
    ("interrupted" "↯ ")
    (_ "")))

(defun toolcall-view--diff-faces (start end)
  "Give the diff lines between START and END their faces."
  (save-excursion
    (goto-char start)
    (while (< (point) end)
      (let ((face (cond ((looking-at-p "\\(?:---\\|\\+\\+\\+\\) \\|@@") 'toolcall-view-diff-hunk)
                        ((eq (char-after) ?+) 'toolcall-view-diff-added)
                        ((eq (char-after) ?-) 'toolcall-view-diff-removed))))
        (when face
          (put-text-property (point) (line-end-position) 'face face)))
      (forward-line 1))))

(defun toolcall-view--insert-body (body indent row-properties &optional mode)
  "Insert BODY's lines, shown after INDENT, with ROW-PROPERTIES.
The indentation is a display prefix, not text: a body of any size is
one insertion, and copying its lines copies them as the tool wrote them.
MODE is the row's body mode: the lines of a \"diff\" body get diff faces."
  (let ((start (point)))
    (insert body)
    (let ((end (point)))
      (skip-chars-backward " \t\r\n" start)
      (delete-region (point) end))
    (insert "\n")
    (add-text-properties start (point) row-properties)
    (add-text-properties start (point) (list 'toolcall-body t
                                            'line-prefix indent 'wrap-prefix indent
                                            'face 'toolcall-view-body))
    (when (equal mode "diff")
      (toolcall-view--diff-faces start (point)))))

(defun toolcall-view--insert-row (row depth gutter)
  "Insert ROW at DEPTH with the batch GUTTER string, then its open content."
  (let* ((start (point))
         (id (plist-get row :id))
         (status (plist-get row :status))
         (expandable (plist-get row :expandable))
         (open (and expandable (toolcall-view--open-p row)))
         (face (toolcall-view--face status))
         (indent (make-string (* 2 depth) ?\s))
         (properties (list 'toolcall-row id 'toolcall-tool (plist-get row :tool)
                           'toolcall-status status)))
    (insert indent
            (propertize gutter 'face 'toolcall-view-gutter)
            (propertize (cond ((not expandable) "·") (open "▾") (t "▸"))
                        'face 'toolcall-view-marker)
            " "
            (propertize (toolcall-view--sign status) 'face face)
            (propertize (plist-get row :header) 'face face)
            (let ((count (plist-get row :count)))
              (if (and count (> count 1))
                  (propertize (format " (%d calls)" count) 'face 'toolcall-view-count)
                ""))
            "\n")
    (add-text-properties start (point) (append (list 'toolcall-header id) properties))
    (when open
      (let ((body (plist-get row :body)))
        (when (and (stringp body) (not (string-empty-p body)))
          ;; Body lines belong to their row, so TAB on them closes it.
          (toolcall-view--insert-body body (concat indent (make-string (length gutter) ?\s) "    ")
                                      properties (plist-get row :bodyMode))))
      (toolcall-view--insert-items (plist-get row :children) (1+ depth)))))

(defun toolcall-view--insert-items (items depth)
  "Insert ITEMS (rows and batches) at DEPTH."
  (dolist (item items)
    (if (equal (plist-get item :kind) "batch")
        (let ((rows (plist-get item :rows)))
          (cl-loop for row in rows
                   for index from 0
                   do (toolcall-view--insert-row
                       row depth
                       (cond ((= index 0) "┌ ")
                             ((= index (1- (length rows))) "└ ")
                             (t "│ ")))))
      (toolcall-view--insert-row item depth ""))))

(defun toolcall-view--insert-section (entry)
  "Insert the section of ENTRY, an (EXECUTION-ID TREE . DIRECTORY) element."
  (let ((start (point))
        (tree (cadr entry)))
    (toolcall-view--insert-items (plist-get tree :items) 0)
    (dolist (warning (plist-get tree :warnings))
      (insert (propertize (concat "! " (plist-get warning :message))
                          'face 'toolcall-view-warning)
              "\n"))
    (add-text-properties start (point) (list 'toolcall-execution (car entry)
                                             'toolcall-directory (cddr entry)))))

(defun toolcall-view--find (property value &optional from)
  "Return the first position from FROM where PROPERTY is `equal' to VALUE.
Return nil when there is none."
  (let ((position (or from (point-min))) found)
    (while (and (not found) position (< position (point-max)))
      (if (equal (get-text-property position property) value)
          (setq found position)
        (setq position (next-single-property-change position property))))
    found))

(defun toolcall-view--run-end (position property)
  "Return where the run of PROPERTY's value at POSITION ends."
  (or (next-single-property-change position property) (point-max)))

;;;; Keeping places

(defun toolcall-view--anchor (position start)
  "Return where POSITION is, as a row, a line within it and a column.
START is where the redrawn region begins, the fallback's origin."
  (save-excursion
    (goto-char position)
    (let* ((line (line-beginning-position))
           (row (get-text-property line 'toolcall-row))
           (column (current-column)))
      (cond
       ((= position (point-max)) '(end))
       (row
        (let ((row-start (or (previous-single-property-change (1+ line) 'toolcall-row)
                             (point-min))))
          (list 'row row (count-lines row-start line) column (- position start))))
       (t (list 'offset (- position start)))))))

(defun toolcall-view--resolve (anchor start end)
  "Return the position ANCHOR names, falling back within START and END."
  (pcase anchor
    (`(end) (point-max))
    (`(row ,row ,lines ,column ,offset)
     (let ((row-start (toolcall-view--find 'toolcall-row row)))
       (if (not row-start)
           (min (+ start offset) end)
         (save-excursion
           (goto-char row-start)
           (let ((row-end (toolcall-view--run-end row-start 'toolcall-row)))
             (forward-line lines)
             (when (>= (point) row-end)
               (goto-char row-end)
               (forward-line -1))
             (move-to-column column)
             (point))))))
    (`(offset ,offset) (min (+ start offset) end))
    (_ start)))

(defun toolcall-view--places (start end)
  "Return anchors of point, each window point and window start in START..END."
  (let ((places '()))
    (when (<= start (point) end)
      (push (list 'point nil (toolcall-view--anchor (point) start)) places))
    (dolist (window (get-buffer-window-list (current-buffer) nil t))
      (let ((window-point (window-point window))
            (window-start (window-start window)))
        (when (<= start window-point end)
          (push (list 'window-point window (toolcall-view--anchor window-point start)) places))
        (when (<= start window-start end)
          (push (list 'window-start window (toolcall-view--anchor window-start start))
                places))))
    places))

(defun toolcall-view--restore (places start end)
  "Put back PLACES, anchors from `toolcall-view--places'.
START..END is the region just redrawn."
  (pcase-dolist (`(,kind ,window ,anchor) places)
    (let ((position (toolcall-view--resolve anchor start end)))
      (pcase kind
        ('point (goto-char position))
        ('window-point (set-window-point window position))
        ('window-start
         (set-window-start window (save-excursion (goto-char position) (line-beginning-position))
                           t))))))

(defmacro toolcall-view--keeping-places (start end &rest body)
  "Run BODY, which redraws START..END, keeping point and the windows' places.
BODY returns the end of the redrawn text."
  (declare (indent 2) (debug t))
  (let ((places (make-symbol "places")) (from (make-symbol "from")))
    `(let* ((,from ,start)
            (,places (toolcall-view--places ,from ,end))
            (inhibit-read-only t))
       (toolcall-view--restore ,places ,from (progn ,@body)))))

(defun toolcall-view--draw-section (id)
  "Draw the section of the execution ID again, in place or at the end.
A new section goes at the end, after every place a window keeps."
  (let ((entry (assoc id toolcall-view--trees))
        (start (toolcall-view--find 'toolcall-execution id)))
    (cond
     ((not entry) nil)
     ((not start)
      (let ((inhibit-read-only t))
        (save-excursion
          (goto-char (point-max))
          (toolcall-view--insert-section entry))))
     (t
      (toolcall-view--keeping-places start (toolcall-view--run-end start 'toolcall-execution)
        (save-excursion
          (delete-region start (toolcall-view--run-end start 'toolcall-execution))
          (goto-char start)
          (toolcall-view--insert-section entry)
          (point)))))))

(defun toolcall-view--draw-all ()
  "Draw every tree again."
  (toolcall-view--keeping-places (point-min) (point-max)
    (erase-buffer)
    (setq toolcall-view--dirty nil)
    (save-excursion
      (dolist (entry toolcall-view--trees) (toolcall-view--insert-section entry))
      (point))))

;;;; Commands

(defun toolcall-view--find-row (id)
  "Return the row plist with ID in the current trees."
  (let (found)
    (cl-labels ((walk (items)
                  (dolist (item items)
                    (unless found
                      (if (equal (plist-get item :kind) "batch")
                          (walk (plist-get item :rows))
                        (if (equal (plist-get item :id) id)
                            (setq found item)
                          (walk (plist-get item :children))))))))
      (dolist (entry toolcall-view--trees)
        (walk (plist-get (cadr entry) :items))))
    found))

(defun toolcall-view-toggle ()
  "Open or close the row at point."
  (interactive)
  (let* ((id (or (get-text-property (line-beginning-position) 'toolcall-row)
                 (user-error "No row at point")))
         (row (toolcall-view--find-row id)))
    (when (and row (plist-get row :expandable))
      (puthash id (if (toolcall-view--open-p row) 'closed t) toolcall-view--folds)
      (toolcall-view--draw-section (get-text-property (line-beginning-position)
                                                      'toolcall-execution)))))

(defun toolcall-view-clear ()
  "Forget every drawn call and empty the view buffer."
  (interactive)
  (with-current-buffer (toolcall-view--buffer)
    (setq toolcall-view--trees nil toolcall-view--dirty nil)
    (clrhash toolcall-view--folds)
    (let ((inhibit-read-only t)) (erase-buffer))))

(defun toolcall-view--goto-header (position)
  "Move to the row header line at POSITION, onto its fold marker."
  (goto-char position)
  (skip-chars-forward " ┌│└"))

(defun toolcall-view-next-row (&optional count)
  "Move to the header of the next row, or of the COUNTth next row."
  (interactive "p")
  (dotimes (_ (or count 1))
    (let ((position (min (point-max) (1+ (line-end-position)))))
      (while (and position (< position (point-max))
                  (not (get-text-property position 'toolcall-header)))
        (setq position (next-single-property-change position 'toolcall-header)))
      (unless (and position (< position (point-max))) (user-error "No next row"))
      (toolcall-view--goto-header position))))

(defun toolcall-view-previous-row (&optional count)
  "Move to the header of the previous row, or of the COUNTth previous row.
On a row's body, move to that row's own header."
  (interactive "p")
  (dotimes (_ (or count 1))
    (let ((position (line-beginning-position)) found)
      (while (and (not found) (> position (point-min)))
        (setq position (previous-single-property-change position 'toolcall-header nil
                                                        (point-min)))
        (when (get-text-property position 'toolcall-header)
          (setq found position)))
      (unless found (user-error "No previous row"))
      (toolcall-view--goto-header found))))

;;;; Visiting

(defconst toolcall-view--visiting-tools '("Read" "Grep" "Glob" "Outline")
  "Tools whose rows name files that RET visits.")

(defun toolcall-view--header-file (header directory)
  "Return the file a Read or Outline HEADER names, relative to DIRECTORY.
A header cuts a long name short with \"…\": the name is then completed
when its directory exists and holds one file that begins so; else nil."
  (when (string-match (concat "\\`[^ :]+:? \\(.+?\\)"
                              "\\(?: ([0-9]+ \\(?:lines?\\|media\\|definitions?\\))"
                              "\\| (\\(?:unchanged\\|no definitions\\))\\)?\\'")
                      header)
    (let ((file (expand-file-name (match-string 1 header) directory)))
      (if (not (string-suffix-p "…" file))
          file
        (let* ((start (substring file 0 -1))
               (parent (file-name-directory start))
               (names (and (file-directory-p parent)
                           (seq-remove #'directory-name-p
                                       (file-name-all-completions
                                        (file-name-nondirectory start) parent)))))
          (and names (null (cdr names)) (expand-file-name (car names) parent)))))))

(defun toolcall-view--body-line (position)
  "Return the text of the body line at POSITION."
  (save-excursion
    (goto-char position)
    (buffer-substring-no-properties (line-beginning-position) (line-end-position))))

(defun toolcall-view--file-line-target (text directory)
  "Return (FILE . LINE) for TEXT of the form FILE:LINE with an existing FILE.
Relative names are relative to DIRECTORY."
  (let ((start 0) found)
    (while (and (not found) (string-match ":\\([0-9]+\\)\\(?::\\|\\'\\)" text start))
      (let ((file (expand-file-name (substring text 0 (match-beginning 0)) directory)))
        (when (and (> (match-beginning 0) 0) (file-regular-p file))
          (setq found (cons file (string-to-number (match-string 1 text))))))
      (setq start (match-end 1)))
    found))

(defun toolcall-view--file-target (text directory)
  "Return (FILE . 1) when TEXT is the name of an existing file, else nil.
Relative names are relative to DIRECTORY."
  (let ((file (and (not (string-empty-p text)) (expand-file-name text directory))))
    (when (and file (file-regular-p file)) (cons file 1))))

(defun toolcall-view--grep-target (position directory)
  "Return the (FILE . LINE) of the Grep body line at POSITION, or nil.
DIRECTORY resolves relative file names.
A hit `N:text' or context line `N-text' belongs to the nearest file
line above it; a line of the count mode reads `FILE:N'."
  (let ((text (toolcall-view--body-line position)))
    (if (string-match "\\`\\([0-9]+\\)[:-]" text)
        (let ((line (string-to-number (match-string 1 text)))
              (row (get-text-property position 'toolcall-row))
              file)
          (save-excursion
            (goto-char position)
            (while (and (not file) (= (forward-line -1) 0)
                        (equal (get-text-property (point) 'toolcall-row) row)
                        (get-text-property (point) 'toolcall-body))
              (setq file (car (toolcall-view--file-target (toolcall-view--body-line (point))
                                                          directory)))))
          (and file (cons file line)))
      (or (toolcall-view--file-target text directory)
          (let ((target (toolcall-view--file-line-target text directory)))
            ;; FILE:COUNT of the count mode names the file, not a line.
            (and target (string-match-p "\\`.*:[0-9]+\\'" text) (cons (car target) 1)))
          (toolcall-view--file-line-target text directory)))))

(defun toolcall-view--first-body-target (position tool directory)
  "Return the first target among the body lines of the row at POSITION.
TOOL names the row's tool and DIRECTORY resolves relative file names."
  (let ((row (get-text-property position 'toolcall-row)) target)
    (save-excursion
      (goto-char position)
      (while (and (not target) (= (forward-line 1) 0)
                  (equal (get-text-property (point) 'toolcall-row) row)
                  (get-text-property (point) 'toolcall-body))
        (setq target (toolcall-view--body-target (point) tool directory nil))))
    target))

(defun toolcall-view--body-target (position tool directory header)
  "Return the (FILE . LINE) the body line at POSITION of a TOOL row names.
DIRECTORY resolves relative names; HEADER is the row's header text, for Read."
  (let ((text (toolcall-view--body-line position)))
    (pcase tool
      ("Read"
       (let ((file (and header (toolcall-view--header-file header directory))))
         (when file
           (cons file
                 (if (string-match "\\`[ \t]*\\([0-9]+\\)\t" text)
                     (string-to-number (match-string 1 text))
                   1)))))
      ("Grep" (toolcall-view--grep-target position directory))
      ("Glob" (toolcall-view--file-target text directory))
      ("Outline" (toolcall-view--file-line-target text directory)))))

(defun toolcall-view--target (position)
  "Return the (FILE . LINE) the row line at POSITION names, or nil."
  (let ((tool (get-text-property position 'toolcall-tool))
        (directory (or (get-text-property position 'toolcall-directory) default-directory)))
    (when (and (member tool toolcall-view--visiting-tools)
               (not (member (get-text-property position 'toolcall-status)
                            '("error" "denied" "running"))))
      (let* ((row (get-text-property position 'toolcall-row))
             (header-start (toolcall-view--find 'toolcall-header row))
             (header (and header-start (toolcall-view--header-text header-start))))
        (if (get-text-property position 'toolcall-body)
            (toolcall-view--body-target position tool directory header)
          (or (and (member tool '("Read" "Outline"))
                   header
                   (let ((file (toolcall-view--header-file header directory)))
                     (and file (cons file 1))))
              (toolcall-view--first-body-target position tool directory)))))))

(defun toolcall-view--header-text (position)
  "Return the header text of the header line at POSITION.
The marker, the sign and the count are left out."
  (save-excursion
    (goto-char position)
    (skip-chars-forward " ┌│└▸▾·")
    (skip-chars-forward " ×⊗!⊘↯")
    (let ((text (buffer-substring-no-properties (point) (line-end-position))))
      (if (string-match " ([0-9]+ calls)\\'" text) (substring text 0 (match-beginning 0)) text))))

(defun toolcall-view-visit ()
  "Visit the file and line the row at point names, or open or close the row.
On a Read, Grep, Glob or Outline row, the header visits its file (or
first hit) and a body line the file and line it shows."
  (interactive)
  (let ((target (toolcall-view--target (point))))
    (if (not target)
        (toolcall-view-toggle)
      (unless (file-exists-p (car target))
        (user-error "No file %s" (car target)))
      (pop-to-buffer (find-file-noselect (car target)))
      (goto-char (point-min))
      (forward-line (1- (max 1 (cdr target)))))))

(provide 'toolcall-view)
;;; toolcall-view.el ends here
